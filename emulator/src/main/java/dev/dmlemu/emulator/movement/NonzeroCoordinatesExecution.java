package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;

/**
 * NONZERO_COORDINATES planned: one walk over the input in row-major order on one thread (each row written depends on
 * how many came before), writing a coordinate row per nonzero element, then the count.
 */
final class NonzeroCoordinatesExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final long[] sizes;
    private final long[] strides;
    private final int elementSize;
    private final ZeroTest zero;
    private final long rowStride;
    private final long columnStride;

    /**
     * @param strides the input's element strides
     * @param rowStride the coordinates' element stride from one row to the next
     * @param columnStride the coordinates' element stride from one coordinate of a row to the next
     */
    NonzeroCoordinatesExecution(OperatorDesc desc, long[] sizes, long[] strides, int elementSize, ZeroTest zero,
            long rowStride, long columnStride) {
        this.desc = desc;
        this.sizes = sizes.clone();
        this.strides = strides.clone();
        this.elementSize = elementSize;
        this.zero = zero;
        this.rowStride = rowStride;
        this.columnStride = columnStride;
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer input = BoundBuffers.view(bindings.get(0));
        ByteBuffer count = BoundBuffers.view(bindings.get(1));
        ByteBuffer coordinates = BoundBuffers.view(bindings.get(2));
        int rank = sizes.length;
        long[] at = new long[rank];
        long elements = 1;
        for (long size : sizes) {
            elements *= size;
        }
        long found = 0;
        long from = 0;
        for (long e = 0; e < elements; e++) {
            if (!zero.isZero(ElementBits.get(input, (int) (from * elementSize), elementSize))) {
                long row = found * rowStride;
                for (int d = 0; d < rank; d++) {
                    coordinates.putInt((int) ((row + d * columnStride) * 4), (int) at[d]);
                }
                found++;
            }
            // Row-major odometer: the element offset follows the coordinate.
            for (int d = rank - 1; d >= 0; d--) {
                if (++at[d] < sizes[d]) {
                    from += strides[d];
                    break;
                }
                at[d] = 0;
                from -= (sizes[d] - 1) * strides[d];
            }
        }
        count.putInt(0, (int) found);
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}

package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.CoordinateCursor;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * HARDMAX planned: REDUCE ARGMAX writes each group's pick (its position row-major over the reduced dimensions) into a
 * scratch UINT32 tensor, then every output element is written 1 where its own position is its group's pick, else +0.
 */
final class HardmaxExecution implements OperatorExecution {

    private final OperatorDesc desc;
    /** The picks, or null where every group is one element (each its own pick). */
    private final ReduceSelectionExecution argMax;
    private final int groups;
    private final long[] sizes;
    /** Per dimension, in bytes: the output's stride, the pick's (0 along reduced axes), and the position's step. */
    private final long[] outputStrides;
    private final long[] pickStrides;
    private final long[] positionSteps;
    private final int elementSize;
    private final long one;

    HardmaxExecution(OperatorDesc desc, ReduceSelectionExecution argMax, int groups, long[] sizes, boolean[] reduced,
            long[] outputStrides, TensorDataType type) {
        this.desc = desc;
        this.argMax = argMax;
        this.groups = groups;
        this.sizes = sizes;
        this.elementSize = type.sizeInBytes();
        this.one = type == TensorDataType.FLOAT16 ? 0x3C00 : Float.floatToRawIntBits(1f);
        int rank = sizes.length;
        this.outputStrides = new long[rank];
        this.pickStrides = new long[rank];
        this.positionSteps = new long[rank];
        long pick = Integer.BYTES;
        long position = 1;
        for (int d = rank - 1; d >= 0; d--) {
            this.outputStrides[d] = Math.multiplyExact(outputStrides[d], (long) elementSize);
            if (reduced[d]) {
                positionSteps[d] = position;
                position = Math.multiplyExact(position, sizes[d]);
            } else {
                pickStrides[d] = pick;
                pick = Math.multiplyExact(pick, sizes[d]);
            }
        }
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer output = BoundBuffers.view(bindings.get(1));
        ByteBuffer picks = null;
        if (argMax != null) {
            picks = ByteBuffer.allocate(groups * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            argMax.execute(new Bindings(List.of(bindings.get(0), BufferBinding.of(picks))));
        }
        // Every element, row-major: the cursor's next() is false once the whole space has been walked.
        CoordinateCursor cursor = new CoordinateCursor(sizes, outputStrides, pickStrides, positionSteps);
        do {
            long pick = picks == null ? cursor.offset(2)
                    : ElementBits.get(picks, (int) cursor.offset(1), Integer.BYTES) & 0xFFFF_FFFFL;
            ElementBits.put(output, (int) cursor.offset(0), elementSize, pick == cursor.offset(2) ? one : 0);
        } while (cursor.next());
    }

    @Override
    public void release() {
        // The picks are allocated per execution.
    }
}

package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;

/** MAX_UNPOOLING planned: the output zeroed, then one walk over the input in row-major order, on one thread. */
final class MaxUnpoolingExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final long[] inputSizes;
    private final long[] inputStrides;
    private final long[] indexStrides;
    private final int indexSize;
    private final long[] outputSizes;
    private final long[] outputStrides;
    private final int elementSize;
    private final long outputElements;

    MaxUnpoolingExecution(OperatorDesc desc, long[] inputSizes, long[] inputStrides, long[] indexStrides,
            int indexSize, long[] outputSizes, long[] outputStrides, int elementSize) {
        this.desc = desc;
        this.inputSizes = inputSizes.clone();
        this.inputStrides = inputStrides.clone();
        this.indexStrides = indexStrides.clone();
        this.indexSize = indexSize;
        this.outputSizes = outputSizes.clone();
        this.outputStrides = outputStrides.clone();
        this.elementSize = elementSize;
        long elements = 1;
        for (long size : outputSizes) {
            elements = Math.multiplyExact(elements, size);
        }
        this.outputElements = elements;
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer input = BoundBuffers.view(bindings.get(0));
        ByteBuffer indices = BoundBuffers.view(bindings.get(1));
        ByteBuffer output = BoundBuffers.view(bindings.get(2));
        for (long e = 0; e < outputElements; e++) {
            ElementBits.put(output, (int) (outputOffset(e) * elementSize), elementSize, 0);
        }
        int rank = inputSizes.length;
        long[] at = new long[rank];
        long elements = 1;
        for (long size : inputSizes) {
            elements *= size;
        }
        long from = 0;
        long indexAt = 0;
        for (long e = 0; e < elements; e++) {
            // Measured: a UINT64 index counts by its low 32 bits.
            long target = ElementBits.get(indices, (int) (indexAt * indexSize), indexSize) & 0xFFFF_FFFFL;
            if (target < outputElements) {
                long bits = ElementBits.get(input, (int) (from * elementSize), elementSize);
                ElementBits.put(output, (int) (outputOffset(target) * elementSize), elementSize, bits);
            }
            for (int d = rank - 1; d >= 0; d--) {
                if (++at[d] < inputSizes[d]) {
                    from += inputStrides[d];
                    indexAt += indexStrides[d];
                    break;
                }
                at[d] = 0;
                from -= (inputSizes[d] - 1) * inputStrides[d];
                indexAt -= (inputSizes[d] - 1) * indexStrides[d];
            }
        }
    }

    /** The element offset of the output's {@code e}-th element in row-major order. */
    private long outputOffset(long e) {
        long offset = 0;
        for (int d = outputSizes.length - 1; d >= 0; d--) {
            offset += (e % outputSizes[d]) * outputStrides[d];
            e /= outputSizes[d];
        }
        return offset;
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.IndexValues;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Random GATHER_ELEMENTS cases, each a function of its seed and the options: every rank up to the options' and every
 * axis; sizes including 1, with the axis of input and indices drawn apart; TotalTensorSizeInBytes at least
 * DMLCalcBufferTensorSize, sometimes more and not always a multiple of 4 or of the element size; and buffers filled
 * as {@link CaseOptions} says. Valid at feature level 4_1 and later by construction.
 *
 * <p>From jqwik: {@code @ForAll("cases")} with a {@code @Provide} method returning {@link #arbitrary()}, or draw a
 * seed and call {@link #generate}. From a loop: {@code generate(random.nextLong())}.
 */
public final class GatherElementsCases implements CaseGenerator<GatherElementsCase> {

    private final CaseOptions options;

    public GatherElementsCases(CaseOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    public CaseOptions options() {
        return options;
    }

    /** One case per seed; jqwik shrinks the seed, and the case's text names it. */
    public Arbitrary<GatherElementsCase> arbitrary() {
        return Arbitraries.longs().map(this::generate);
    }

    public GatherElementsCase generate(long seed) {
        Random r = new Random(seed);
        TensorDataType dataType = options.dataTypes().get(r.nextInt(options.dataTypes().size()));
        TensorDataType indexType = options.indexTypes().get(r.nextInt(options.indexTypes().size()));
        int rank = 1 + r.nextInt(options.maxRank());
        int axis = r.nextInt(rank);
        long[] inputSizes = new long[rank];
        long[] indicesSizes = new long[rank];
        long count = 1;
        for (int d = 0; d < rank; d++) {
            int maxSize = options.maxSize();
            long size = count * maxSize > options.maxElements() ? 1
                    : 1 + r.nextInt(r.nextInt(4) == 0 ? maxSize + 2 : maxSize);
            inputSizes[d] = size;
            indicesSizes[d] = size;
            count *= size;
        }
        inputSizes[axis] = 1 + r.nextInt(r.nextInt(3) == 0 ? 6 : 3);
        indicesSizes[axis] = 1 + r.nextInt(4);
        TensorDraws.GatherTensors tensors = TensorDraws.gatherTensors(r, dataType, indexType, inputSizes,
                indicesSizes, indicesSizes, options.layout());
        BufferTensorDesc in = tensors.input();
        BufferTensorDesc idx = tensors.indices();
        BufferTensorDesc out = tensors.output();

        TensorBytes input = place(r, in, Role.INPUT);
        TensorBytes indices = place(r, idx, Role.INDICES);
        fillIndices(r, idx, indices, inputSizes[axis]);
        TensorBytes output = place(r, out, Role.OUTPUT);
        return new GatherElementsCase(seed, new GatherElementsOperatorDesc(in, idx, out, axis), input, indices,
                output);
    }

    private TensorBytes place(Random r, BufferTensorDesc tensor, Role role) {
        return TensorDraws.place(r, tensor, role, options.placement(), options.elementValues());
    }

    /** Writes each addressed index; bytes the indices' strides skip keep their random values. */
    private void fillIndices(Random r, BufferTensorDesc tensor, TensorBytes indices, long axisSize) {
        TensorDataType type = tensor.dataType();
        boolean inRangeOnly = options.indexValues() == IndexValues.IN_RANGE || r.nextInt(4) == 0;
        TensorDraws.writeIndices(tensor, indices, e -> inRangeOnly ? inRange(r, axisSize, type) : mixed(r, axisSize));
    }

    private static long inRange(Random r, long axisSize, TensorDataType type) {
        long from = type.isSignedInteger() ? -axisSize : 0;
        return from + (long) (r.nextDouble() * (axisSize - from));
    }

    private static long mixed(Random r, long axisSize) {
        int kind = r.nextInt(20);
        if (kind < 11) {
            return (long) (r.nextDouble() * axisSize);
        }
        if (kind < 14) {
            return -1 - (long) (r.nextDouble() * axisSize); // in range for signed types, huge for unsigned ones
        }
        if (kind < 16) {
            return r.nextBoolean() ? axisSize + r.nextInt(4) : -axisSize - 1 - r.nextInt(4);
        }
        if (kind < 19) {
            // 32-bit and 64-bit boundaries, and values whose low 32 bits or 32-bit products land back in the buffer.
            long[] huge = {Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL, 1L << 32, (1L << 32) + 1,
                (1L << 32) - axisSize, -(1L << 32), Long.MAX_VALUE, Long.MIN_VALUE, -1L, 1431655765L, 2863311531L,
                (1L << 31) + 1};
            return huge[r.nextInt(huge.length)];
        }
        return r.nextLong();
    }
}

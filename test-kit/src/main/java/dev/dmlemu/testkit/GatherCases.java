package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.GatherCaseOptions.HeapBugShapes;
import dev.dmlemu.testkit.GatherCaseOptions.PaddingRows;
import dev.dmlemu.testkit.GatherCaseOptions.ScalarIndices;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Random GATHER cases, each a function of its seed and the options: every rank up to the options' and every axis,
 * IndexDimensions k from 0 to the rank (k - 1 &lt;= Axis unless the options include the heap-bug shapes). Shapes come
 * from the formula (see {@link NaiveGather}): the formula sizes are drawn first, with the k - 1 that the output crops
 * set to 1, and the input, indices and output sizes are read off them; indices dimensions outside the last k are 1,
 * and with k = 0 the indices are a single element (or, as the options allow, one index per output element: after
 * leading 1s, the input's first sizes after its own leading 1s, at most Axis of them) and the output's padding
 * dimension is 1 (or more, as the options allow). Strides, totals and
 * placement are drawn as for GatherElements; index values as {@link GatherCaseOptions} says. Valid at feature level
 * 4_1 and later by construction.
 *
 * <p>From jqwik: {@code @ForAll("cases")} with a {@code @Provide} method returning {@link #arbitrary()}, or draw a
 * seed and call {@link #generate}. From a loop: {@code generate(random.nextLong())}.
 */
public final class GatherCases implements CaseGenerator<GatherCase> {

    /** 32-bit and 64-bit boundaries, and values whose low 32 bits or 32-bit products land back in the buffer. */
    private static final long[] HUGE = {Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL, 1L << 32,
        (1L << 32) + 1, -(1L << 32), Long.MAX_VALUE, Long.MIN_VALUE, -1L, 1431655765L, 2863311531L, (1L << 31) + 1};

    private final GatherCaseOptions options;

    public GatherCases(GatherCaseOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    public GatherCaseOptions options() {
        return options;
    }

    /** One case per seed; jqwik shrinks the seed, and the case's text names it. */
    public Arbitrary<GatherCase> arbitrary() {
        return Arbitraries.longs().map(this::generate);
    }

    public GatherCase generate(long seed) {
        Random r = new Random(seed);
        TensorDataType dataType = options.dataTypes().get(r.nextInt(options.dataTypes().size()));
        TensorDataType indexType = options.indexTypes().get(r.nextInt(options.indexTypes().size()));
        int rank = 1 + r.nextInt(options.maxRank());
        int axis = r.nextInt(rank);
        int maxK = options.heapBugShapes() == HeapBugShapes.EXCLUDED ? Math.min(rank, axis + 1) : rank;
        int k = r.nextInt(4) == 0 ? maxK : r.nextInt(maxK + 1); // the largest k is also the rarest shape otherwise
        long axisSize = 1 + r.nextInt(r.nextInt(3) == 0 ? 6 : 3);
        long[] formula = formulaSizes(r, rank - 1 + k, Math.max(0, k - 1), axis);

        long[] inputSizes = new long[rank];
        long[] indicesSizes = new long[rank];
        for (int d = 0; d < rank; d++) {
            inputSizes[d] = d < axis ? formula[d] : d == axis ? axisSize : formula[d + k - 1];
            indicesSizes[d] = d < rank - k ? 1 : formula[axis + d - (rank - k)];
        }
        if (k == 0 && options.scalarIndices() == ScalarIndices.SOMETIMES_ONE_PER_ELEMENT && r.nextBoolean()) {
            onePerElement(r, inputSizes, indicesSizes, axis);
        }
        long[] outputSizes = new long[rank];
        if (k == 0) {
            // The padding dimension; DirectML does not check it (docs/directml-behaviour.md §10.3).
            outputSizes[0] = options.paddingRows() == PaddingRows.SOMETIMES_MORE && r.nextInt(3) == 0
                    ? 2 + r.nextInt(2) : 1;
            System.arraycopy(formula, 0, outputSizes, 1, rank - 1);
        } else {
            System.arraycopy(formula, k - 1, outputSizes, 0, rank);
        }

        TensorDraws.GatherTensors tensors = TensorDraws.gatherTensors(r, dataType, indexType, inputSizes,
                indicesSizes, outputSizes, options.layout());
        BufferTensorDesc in = tensors.input();
        BufferTensorDesc idx = tensors.indices();
        BufferTensorDesc out = tensors.output();

        TensorBytes input = place(r, in, Role.INPUT);
        TensorBytes indices = place(r, idx, Role.INDICES);
        fillIndices(r, idx, indices, axisSize);
        TensorBytes output = place(r, out, Role.OUTPUT);
        return new GatherCase(seed, new GatherOperatorDesc(in, idx, out, axis, k), input, indices, output);
    }

    /**
     * F of the given length, the entries drawn within the element budget. The first {@code cropped} entries are
     * dropped from the output: mostly 1, as the docs have them, and in a quarter of the cases 1 to 3 where they come
     * from the input (F's first {@code axis} entries), which DirectML accepts too and reads at coordinate 0
     * (docs/directml-behaviour.md §10.3). Cropped indices entries (heap-bug shapes only) stay 1, so every index is
     * read by some output element.
     */
    private long[] formulaSizes(Random r, int length, int cropped, int axis) {
        long[] sizes = new long[length];
        long count = 1;
        int maxSize = options.maxSize();
        boolean croppedAbove1 = r.nextInt(4) == 0;
        for (int d = 0; d < length; d++) {
            long size = count * maxSize > options.maxElements() ? 1
                    : d < cropped ? (croppedAbove1 && d < axis ? 1 + r.nextInt(3) : 1)
                    : 1 + r.nextInt(r.nextInt(4) == 0 ? maxSize + 2 : maxSize);
            sizes[d] = size;
            count *= size;
        }
        return sizes;
    }

    /**
     * IndexDimensions 0 with one index per output element (docs/directml-behaviour.md §10.4): the last L indices sizes
     * are the input's first L sizes after its leading 1s, L from 1 to Axis (no change when none fits).
     */
    private static void onePerElement(Random r, long[] inputSizes, long[] indicesSizes, int axis) {
        int rank = inputSizes.length;
        int lead = 0;
        while (lead < rank && inputSizes[lead] == 1) {
            lead++;
        }
        int most = Math.min(axis, rank - lead);
        if (most == 0) {
            return;
        }
        int count = 1 + r.nextInt(most);
        System.arraycopy(inputSizes, lead, indicesSizes, rank - count, count);
    }

    private TensorBytes place(Random r, BufferTensorDesc tensor, Role role) {
        return TensorDraws.place(r, tensor, role, options.placement(), options.elementValues());
    }

    /**
     * Writes every index. In an out-of-range case the last one written (which no broadcast stride can overwrite) and
     * a third of the others are out of range.
     */
    private void fillIndices(Random r, BufferTensorDesc tensor, TensorBytes indices, long axisSize) {
        TensorDataType type = tensor.dataType();
        boolean outOfRangeCase = r.nextDouble() < options.outOfRangeShare();
        long last = Shapes.product(Shapes.toArray(tensor.sizes())) - 1;
        TensorDraws.writeIndices(tensor, indices, e -> {
            boolean outOfRange = outOfRangeCase && (e == last || r.nextInt(3) == 0);
            return outOfRange ? outOfRange(r, axisSize, type) : inRange(r, axisSize, type);
        });
    }

    private long inRange(Random r, long axisSize, TensorDataType type) {
        long position = (long) (r.nextDouble() * axisSize);
        return type.isSignedInteger() && r.nextDouble() < options.negativeShare() ? position - axisSize : position;
    }

    /**
     * Out of range as the type reads it: drawn until the stored value is (axisSize itself always is). GATHER_ND's
     * cases draw theirs here too, per tuple coordinate.
     */
    static long outOfRange(Random r, long axisSize, TensorDataType type) {
        for (int attempt = 0; attempt < 8; attempt++) {
            int kind = r.nextInt(10);
            long candidate = kind < 4 ? axisSize + r.nextInt(4)
                    : kind < 6 ? -axisSize - 1 - r.nextInt(4)
                    : kind < 9 ? huge(r, axisSize)
                    : r.nextLong();
            long stored = LittleEndian.stored(type, candidate);
            if (!AxisIndex.inRange(stored, axisSize, type)) {
                return stored;
            }
        }
        return axisSize;
    }

    private static long huge(Random r, long axisSize) {
        int pick = r.nextInt(HUGE.length + 1);
        return pick < HUGE.length ? HUGE[pick] : (1L << 32) - axisSize; // as UINT32: -axisSize in 32 bits
    }
}

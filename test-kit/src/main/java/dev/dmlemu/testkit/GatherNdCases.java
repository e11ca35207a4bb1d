package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.GatherNdCaseOptions.BatchSizes;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.Arrays;
import java.util.Objects;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Random GATHER_ND and GATHER_ND1 cases, each a function of its seed and the options: every rank up to the options',
 * InputDimensionCount Ci from 1 to the rank, BatchDimensionCount B below it (0 for GATHER_ND), a tuple length q from 1
 * to Ci - B, and IndicesDimensionCount Cx from B + 1 to the largest that keeps the output formula
 * {@code idx[0, Cx-1) ++ in[B+q, Ci)} within the rank (see {@link NaiveGatherNd}). The batch, leading-indices, tuple
 * and slice sizes are drawn first and the three tensors' sizes read off them, with 1s before the counted dimensions.
 * Strides, totals and placement are drawn as for the other gathers; each index value is drawn against the size of
 * the dimension its tuple coordinate indexes, as {@link GatherNdCaseOptions} says. Valid at feature level 4_1 and
 * later by construction (batch sizes that differ draw the validator's BATCH_SIZES_DIFFER warning).
 *
 * <p>From jqwik: {@code @ForAll("cases")} with a {@code @Provide} method returning {@link #arbitrary()}, or draw a
 * seed and call {@link #generate}. From a loop: {@code generate(random.nextLong())}.
 */
public final class GatherNdCases implements CaseGenerator<GatherNdCase> {

    private final GatherNdCaseOptions options;

    public GatherNdCases(GatherNdCaseOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    public GatherNdCaseOptions options() {
        return options;
    }

    /** One case per seed; jqwik shrinks the seed, and the case's text names it. */
    public Arbitrary<GatherNdCase> arbitrary() {
        return Arbitraries.longs().map(this::generate);
    }

    public GatherNdCase generate(long seed) {
        Random r = new Random(seed);
        OperatorType operator = options.operators().get(r.nextInt(options.operators().size()));
        TensorDataType dataType = options.dataTypes().get(r.nextInt(options.dataTypes().size()));
        TensorDataType indexType = options.indexTypes().get(r.nextInt(options.indexTypes().size()));
        int rank = 1 + r.nextInt(options.maxRank());
        int inputCount = 1 + r.nextInt(rank);
        int batch = operator == OperatorType.GATHER_ND ? 0 : r.nextInt(inputCount);
        int q = 1 + r.nextInt(inputCount - batch);
        int slice = inputCount - batch - q;
        // The formula has Cx - 1 + slice entries, at most the rank.
        int maxIndicesCount = Math.min(rank, rank + 1 - slice);
        int indicesCount = batch + 1 + r.nextInt(maxIndicesCount - batch);
        int leading = indicesCount - 1 - batch;

        long[] budget = {1};
        long[] batchSizes = sizes(r, batch, budget);
        long[] leadingSizes = sizes(r, leading, budget);
        long[] tupleSizes = sizes(r, q, budget);
        long[] sliceSizes = sizes(r, slice, budget);
        long[] inputBatch = batchSizes.clone();
        long[] indicesBatch = batchSizes.clone();
        if (batch > 0 && options.batchSizes() != BatchSizes.EQUAL && r.nextInt(3) == 0) {
            int j = r.nextInt(batch);
            if (options.batchSizes() == BatchSizes.SOMETIMES_DIFFERENT && r.nextBoolean()) {
                indicesBatch[j] += 1 + r.nextInt(3);
            } else {
                inputBatch[j] += 1 + r.nextInt(3);
            }
        }

        long[] inputSizes = concat(rank, inputBatch, tupleSizes, sliceSizes);
        long[] indicesSizes = concat(rank, indicesBatch, leadingSizes, new long[] {q});
        long[] outputSizes = concat(rank, indicesBatch, leadingSizes, sliceSizes);
        TensorDraws.GatherTensors tensors = TensorDraws.gatherTensors(r, dataType, indexType, inputSizes,
                indicesSizes, outputSizes, options.layout());
        BufferTensorDesc in = tensors.input();
        BufferTensorDesc idx = tensors.indices();
        BufferTensorDesc out = tensors.output();

        TensorBytes input = TensorDraws.place(r, in, Role.INPUT, options.placement(), options.elementValues());
        TensorBytes indices = TensorDraws.place(r, idx, Role.INDICES, options.placement(), options.elementValues());
        fillIndices(r, idx, indices, tupleSizes);
        TensorBytes output = TensorDraws.place(r, out, Role.OUTPUT, options.placement(), options.elementValues());
        OperatorDesc desc = operator == OperatorType.GATHER_ND
                ? new GatherNdOperatorDesc(in, idx, out, inputCount, indicesCount)
                : new GatherNd1OperatorDesc(in, idx, out, inputCount, indicesCount, batch);
        return new GatherNdCase(seed, desc, input, indices, output);
    }

    /** {@code count} sizes within the element budget (the running product of every size drawn so far). */
    private long[] sizes(Random r, int count, long[] budget) {
        long[] sizes = new long[count];
        int maxSize = options.maxSize();
        for (int d = 0; d < count; d++) {
            sizes[d] = budget[0] * maxSize > options.maxElements() ? 1
                    : 1 + r.nextInt(r.nextInt(4) == 0 ? maxSize + 2 : maxSize);
            budget[0] *= sizes[d];
        }
        return sizes;
    }

    /** The parts right-aligned to the rank, with leading 1s. */
    private static long[] concat(int rank, long[]... parts) {
        long[] sizes = new long[rank];
        Arrays.fill(sizes, 1);
        int at = rank;
        for (int p = parts.length - 1; p >= 0; p--) {
            at -= parts[p].length;
            System.arraycopy(parts[p], 0, sizes, at, parts[p].length);
        }
        return sizes;
    }

    /**
     * Writes every index, each against the dimension its tuple coordinate indexes. In an out-of-range case the last
     * one written (which no broadcast stride can overwrite) and a third of the others are out of range.
     */
    private void fillIndices(Random r, BufferTensorDesc tensor, TensorBytes indices, long[] tupleSizes) {
        TensorDataType type = tensor.dataType();
        boolean outOfRangeCase = r.nextDouble() < options.outOfRangeShare();
        long last = Shapes.product(Shapes.toArray(tensor.sizes())) - 1;
        int q = tupleSizes.length;
        TensorDraws.writeIndices(tensor, indices, e -> {
            long size = tupleSizes[(int) (e % q)];
            boolean outOfRange = outOfRangeCase && (e == last || r.nextInt(3) == 0);
            return outOfRange ? GatherCases.outOfRange(r, size, type) : inRange(r, size, type);
        });
    }

    private long inRange(Random r, long size, TensorDataType type) {
        long position = (long) (r.nextDouble() * size);
        return type.isSignedInteger() && r.nextDouble() < options.negativeShare() ? position - size : position;
    }
}

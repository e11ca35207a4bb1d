package dev.dmlemu.testkit;

import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Objects;

/**
 * What {@link GatherNdCases} draws from. {@link #defaults()} is everything every index policy answers; the other
 * settings narrow it for a consumer that cannot take everything (a real device's data types, a harness that uploads
 * whole buffers) or widen it to DirectML's own behaviour ({@link BatchSizes#SOMETIMES_DIFFERENT}). The settings
 * GATHER draws alike are in {@link DrawOptions}, read and narrowed through this record.
 *
 * @param operators GATHER_ND, GATHER_ND1 or both, drawn uniformly
 * @param batchSizes whether GATHER_ND1's batch sizes of indices and input may differ
 */
public record GatherNdCaseOptions(List<OperatorType> operators, DrawOptions draws, BatchSizes batchSizes)
        implements DrawOptions.Holder<GatherNdCaseOptions> {

    /**
     * The docs' pseudocode reads one batch coordinate for input and indices; DirectML.dll 1.15.4 accepts batch sizes
     * that differ and takes the coordinate from the output (docs/directml-behaviour.md §11.4).
     */
    public enum BatchSizes {
        /** Equal, as the docs have them. */
        EQUAL,
        /** In a third of the cases with batch dimensions, one input batch size is larger than the indices': every
         *  policy answers these. */
        SOMETIMES_SMALLER,
        /**
         * As {@link #SOMETIMES_SMALLER}, and as often one indices batch size larger than the input's, whose output
         * reads past the input: for DirectML's own behaviour only.
         */
        SOMETIMES_DIFFERENT
    }

    public GatherNdCaseOptions {
        operators = List.copyOf(operators);
        if (operators.isEmpty() || !List.of(OperatorType.GATHER_ND, OperatorType.GATHER_ND1).containsAll(operators)) {
            throw new IllegalArgumentException("GATHER_ND and/or GATHER_ND1: " + operators);
        }
        Objects.requireNonNull(draws, "draws");
        Objects.requireNonNull(batchSizes, "batchSizes");
    }

    /**
     * Both operators, {@link DrawOptions#defaults()} (every type, ranks 1-8, about 200 output elements, strided, 40%
     * of the cases out of range, 30% of signed in-range indices negative, any bits, offsets and slack), input batches
     * sometimes larger than the indices'.
     */
    public static GatherNdCaseOptions defaults() {
        return new GatherNdCaseOptions(List.of(OperatorType.GATHER_ND, OperatorType.GATHER_ND1), DrawOptions.defaults(),
                BatchSizes.SOMETIMES_SMALLER);
    }

    @Override
    public GatherNdCaseOptions withDraws(DrawOptions newDraws) {
        return new GatherNdCaseOptions(operators, newDraws, batchSizes);
    }

    public GatherNdCaseOptions withOperators(List<OperatorType> newOperators) {
        return new GatherNdCaseOptions(newOperators, draws, batchSizes);
    }

    public GatherNdCaseOptions with(BatchSizes newBatchSizes) {
        return new GatherNdCaseOptions(operators, draws, newBatchSizes);
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import java.util.List;
import java.util.Objects;

/**
 * What {@link GatherNdCases} draws from. {@link #defaults()} is everything every index policy answers; the other
 * settings narrow it for a consumer that cannot take everything (a real device's data types, a harness that uploads
 * whole buffers) or widen it to DirectML's own behaviour ({@link BatchSizes#SOMETIMES_DIFFERENT}). The layout, element
 * and placement settings are those of {@link CaseOptions}.
 *
 * @param operators GATHER_ND, GATHER_ND1 or both, drawn uniformly
 * @param dataTypes input and output data types, drawn uniformly
 * @param indexTypes index data types, drawn uniformly
 * @param maxRank at most 8 dimensions
 * @param maxElements sizes drawn after the running product passes this (over {@code maxSize}) are 1
 * @param maxSize most sizes are 1 to {@code maxSize}, a quarter of them up to {@code maxSize + 2}
 * @param outOfRangeShare the share of cases with out-of-range indices: in such a case the last index and a third of
 *     the others are out of range for their dimension (just past either end, 32-bit and 64-bit boundaries, any bits)
 * @param negativeShare the share of in-range indices of a signed index type that count from the end
 * @param batchSizes whether GATHER_ND1's batch sizes of indices and input may differ
 */
public record GatherNdCaseOptions(List<OperatorType> operators, List<TensorDataType> dataTypes,
        List<TensorDataType> indexTypes, int maxRank, int maxElements, int maxSize, Layout layout,
        double outOfRangeShare, double negativeShare, ElementValues elementValues, Placement placement,
        BatchSizes batchSizes) {

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
        dataTypes = List.copyOf(dataTypes);
        indexTypes = List.copyOf(indexTypes);
        if (operators.isEmpty() || !List.of(OperatorType.GATHER_ND, OperatorType.GATHER_ND1).containsAll(operators)) {
            throw new IllegalArgumentException("GATHER_ND and/or GATHER_ND1: " + operators);
        }
        if (dataTypes.isEmpty() || indexTypes.isEmpty()) {
            throw new IllegalArgumentException("no data or index types to draw from");
        }
        // GATHER_ND's 4_1 support block holds the same data and index types as GATHER_ELEMENTS'.
        if (!CaseOptions.ALL_DATA_TYPES.containsAll(dataTypes) || !CaseOptions.ALL_INDEX_TYPES.containsAll(indexTypes)) {
            throw new IllegalArgumentException("types outside GATHER_ND's 4_1 block: " + dataTypes + " "
                    + indexTypes);
        }
        if (maxRank < 1 || maxRank > 8 || maxSize < 1 || maxElements < 1) {
            throw new IllegalArgumentException("rank 1-8, sizes and element counts from 1");
        }
        if (!(outOfRangeShare >= 0 && outOfRangeShare <= 1 && negativeShare >= 0 && negativeShare <= 1)) {
            throw new IllegalArgumentException("shares are in [0, 1]: " + outOfRangeShare + ", " + negativeShare);
        }
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(elementValues, "elementValues");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(batchSizes, "batchSizes");
    }

    /**
     * Both operators, every type, ranks 1-8, about 200 output elements, strided, 40% of the cases out of range, 30% of
     * signed in-range indices negative, any bits, offsets and slack, input batches sometimes larger than the indices'.
     */
    public static GatherNdCaseOptions defaults() {
        return new GatherNdCaseOptions(List.of(OperatorType.GATHER_ND, OperatorType.GATHER_ND1),
                CaseOptions.ALL_DATA_TYPES, CaseOptions.ALL_INDEX_TYPES, 8, 200, 3, Layout.STRIDED, 0.4, 0.3,
                ElementValues.ANY_BITS, Placement.OFFSET_WITH_SLACK, BatchSizes.SOMETIMES_SMALLER);
    }

    public GatherNdCaseOptions withOperators(List<OperatorType> newOperators) {
        return new GatherNdCaseOptions(newOperators, dataTypes, indexTypes, maxRank, maxElements, maxSize, layout,
                outOfRangeShare, negativeShare, elementValues, placement, batchSizes);
    }

    public GatherNdCaseOptions withDataTypes(List<TensorDataType> newDataTypes) {
        return new GatherNdCaseOptions(operators, newDataTypes, indexTypes, maxRank, maxElements, maxSize, layout,
                outOfRangeShare, negativeShare, elementValues, placement, batchSizes);
    }

    public GatherNdCaseOptions withIndexTypes(List<TensorDataType> newIndexTypes) {
        return new GatherNdCaseOptions(operators, dataTypes, newIndexTypes, maxRank, maxElements, maxSize, layout,
                outOfRangeShare, negativeShare, elementValues, placement, batchSizes);
    }

    public GatherNdCaseOptions withMaxRank(int newMaxRank) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, newMaxRank, maxElements, maxSize, layout,
                outOfRangeShare, negativeShare, elementValues, placement, batchSizes);
    }

    /** Larger shapes reach more of a backend's paths: longer slices, more tuples, thread splits. */
    public GatherNdCaseOptions withShapes(int newMaxElements, int newMaxSize) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, maxRank, newMaxElements, newMaxSize, layout,
                outOfRangeShare, negativeShare, elementValues, placement, batchSizes);
    }

    /** 0 for in-range indices only. */
    public GatherNdCaseOptions withOutOfRangeShare(double newShare) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, maxRank, maxElements, maxSize, layout,
                newShare, negativeShare, elementValues, placement, batchSizes);
    }

    public GatherNdCaseOptions withNegativeShare(double newShare) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, maxRank, maxElements, maxSize, layout,
                outOfRangeShare, newShare, elementValues, placement, batchSizes);
    }

    public GatherNdCaseOptions with(Layout newLayout) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, maxRank, maxElements, maxSize, newLayout,
                outOfRangeShare, negativeShare, elementValues, placement, batchSizes);
    }

    public GatherNdCaseOptions with(ElementValues newElementValues) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, maxRank, maxElements, maxSize, layout,
                outOfRangeShare, negativeShare, newElementValues, placement, batchSizes);
    }

    public GatherNdCaseOptions with(Placement newPlacement) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, maxRank, maxElements, maxSize, layout,
                outOfRangeShare, negativeShare, elementValues, newPlacement, batchSizes);
    }

    public GatherNdCaseOptions with(BatchSizes newBatchSizes) {
        return new GatherNdCaseOptions(operators, dataTypes, indexTypes, maxRank, maxElements, maxSize, layout,
                outOfRangeShare, negativeShare, elementValues, placement, newBatchSizes);
    }
}

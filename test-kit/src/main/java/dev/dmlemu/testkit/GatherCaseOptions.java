package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import java.util.List;
import java.util.Objects;

/**
 * What {@link GatherCases} draws from. {@link #defaults()} is everything a backend must handle except the shapes that
 * break the real DirectML.dll ({@link HeapBugShapes}); the other settings narrow it for a consumer that cannot take
 * everything, as {@link CaseOptions} does for GatherElements, whose layout, element and placement settings these are.
 *
 * @param dataTypes input and output data types, drawn uniformly
 * @param indexTypes index data types, drawn uniformly
 * @param maxRank at most 8 dimensions
 * @param maxElements formula dimensions after the running product passes this (over {@code maxSize}) get size 1
 * @param maxSize most sizes are 1 to {@code maxSize}, a quarter of them up to {@code maxSize + 2}
 * @param outOfRangeShare the share of cases with out-of-range indices: in such a case the last index and a third of
 *     the others are out of range (just past either end, 32-bit and 64-bit boundaries, any 64 bits)
 * @param negativeShare the share of in-range indices of a signed index type that count from the end ({@code [-size,
 *     -1]}); unsigned types take {@code [0, size)} only
 * @param heapBugShapes whether shapes that corrupt the real DLL's heap are drawn
 * @param paddingRows whether IndexDimensions 0 draws Output.Sizes[0] above 1
 */
public record GatherCaseOptions(List<TensorDataType> dataTypes, List<TensorDataType> indexTypes, int maxRank,
        int maxElements, int maxSize, Layout layout, double outOfRangeShare, double negativeShare,
        ElementValues elementValues, Placement placement, HeapBugShapes heapBugShapes, PaddingRows paddingRows) {

    /**
     * Descs with IndexDimensions - 1 > Axis, where the leading 1s the formula crops include indices dimensions.
     * DirectML.dll 1.15.4 accepts them but corrupts its heap: a later CompileOperator in the same process may crash
     * and some outputs change from run to run, so a harness around the real DLL cannot take them. Their documented
     * answer is still defined, and backends must give it.
     */
    public enum HeapBugShapes {
        /** Never drawn: the setting for the real DLL. */
        EXCLUDED,
        /** Drawn like every other shape. */
        INCLUDED
    }

    /**
     * With IndexDimensions 0, DirectML does not check Output.Sizes[0] (docs/directml-behaviour.md §10.3): the extra
     * rows repeat the first or read past the input (§10.5). Only the DIRECTML model answers the second kind.
     */
    public enum PaddingRows {
        /** Output.Sizes[0] is 1, as the docs have it: the setting for every index policy. */
        ONE,
        /** In a third of the IndexDimensions 0 cases, 2 or 3 rows: for DirectML's own behaviour only. */
        SOMETIMES_MORE
    }

    public GatherCaseOptions {
        dataTypes = List.copyOf(dataTypes);
        indexTypes = List.copyOf(indexTypes);
        if (dataTypes.isEmpty() || indexTypes.isEmpty()) {
            throw new IllegalArgumentException("no data or index types to draw from");
        }
        // GATHER's 4_1 support block holds the same data and index types as GATHER_ELEMENTS'.
        if (!CaseOptions.ALL_DATA_TYPES.containsAll(dataTypes) || !CaseOptions.ALL_INDEX_TYPES.containsAll(indexTypes)) {
            throw new IllegalArgumentException("types outside GATHER's 4_1 block: " + dataTypes + " " + indexTypes);
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
        Objects.requireNonNull(heapBugShapes, "heapBugShapes");
        Objects.requireNonNull(paddingRows, "paddingRows");
    }

    /**
     * Every type, ranks 1-8, about 200 output elements, strided, 40% of the cases out of range, 30% of signed in-range
     * indices negative, any bits, offsets and slack; no heap-bug shapes.
     */
    public static GatherCaseOptions defaults() {
        return new GatherCaseOptions(CaseOptions.ALL_DATA_TYPES, CaseOptions.ALL_INDEX_TYPES, 8, 200, 3,
                Layout.STRIDED, 0.4, 0.3, ElementValues.ANY_BITS, Placement.OFFSET_WITH_SLACK, HeapBugShapes.EXCLUDED,
                PaddingRows.ONE);
    }

    public GatherCaseOptions withDataTypes(List<TensorDataType> newDataTypes) {
        return new GatherCaseOptions(newDataTypes, indexTypes, maxRank, maxElements, maxSize, layout, outOfRangeShare,
                negativeShare, elementValues, placement, heapBugShapes, paddingRows);
    }

    public GatherCaseOptions withIndexTypes(List<TensorDataType> newIndexTypes) {
        return new GatherCaseOptions(dataTypes, newIndexTypes, maxRank, maxElements, maxSize, layout, outOfRangeShare,
                negativeShare, elementValues, placement, heapBugShapes, paddingRows);
    }

    public GatherCaseOptions withMaxRank(int newMaxRank) {
        return new GatherCaseOptions(dataTypes, indexTypes, newMaxRank, maxElements, maxSize, layout, outOfRangeShare,
                negativeShare, elementValues, placement, heapBugShapes, paddingRows);
    }

    /** Larger shapes reach more of a backend's loops: longer rows, more rows, more tiles. */
    public GatherCaseOptions withShapes(int newMaxElements, int newMaxSize) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, newMaxElements, newMaxSize, layout,
                outOfRangeShare, negativeShare, elementValues, placement, heapBugShapes, paddingRows);
    }

    /** 0 for in-range indices only. */
    public GatherCaseOptions withOutOfRangeShare(double newShare) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, newShare,
                negativeShare, elementValues, placement, heapBugShapes, paddingRows);
    }

    public GatherCaseOptions withNegativeShare(double newShare) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, outOfRangeShare,
                newShare, elementValues, placement, heapBugShapes, paddingRows);
    }

    public GatherCaseOptions with(Layout newLayout) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, newLayout, outOfRangeShare,
                negativeShare, elementValues, placement, heapBugShapes, paddingRows);
    }

    public GatherCaseOptions with(ElementValues newElementValues) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, outOfRangeShare,
                negativeShare, newElementValues, placement, heapBugShapes, paddingRows);
    }

    public GatherCaseOptions with(Placement newPlacement) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, outOfRangeShare,
                negativeShare, elementValues, newPlacement, heapBugShapes, paddingRows);
    }

    public GatherCaseOptions with(HeapBugShapes newHeapBugShapes) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, outOfRangeShare,
                negativeShare, elementValues, placement, newHeapBugShapes, paddingRows);
    }

    public GatherCaseOptions with(PaddingRows newPaddingRows) {
        return new GatherCaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, outOfRangeShare,
                negativeShare, elementValues, placement, heapBugShapes, newPaddingRows);
    }
}

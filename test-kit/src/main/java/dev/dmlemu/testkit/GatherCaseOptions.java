package dev.dmlemu.testkit;

import java.util.Objects;

/**
 * What {@link GatherCases} draws from. {@link #defaults()} is everything a backend must handle except the shapes that
 * break the real DirectML.dll ({@link HeapBugShapes}); the other settings narrow it for a consumer that cannot take
 * everything. The settings GATHER_ND draws alike are in {@link DrawOptions}, read and narrowed through this record.
 *
 * @param heapBugShapes whether shapes that corrupt the real DLL's heap are drawn
 * @param paddingRows whether IndexDimensions 0 draws Output.Sizes[0] above 1
 * @param scalarIndices whether IndexDimensions 0 draws indices of one index per output element
 */
public record GatherCaseOptions(DrawOptions draws, HeapBugShapes heapBugShapes, PaddingRows paddingRows,
        ScalarIndices scalarIndices)
        implements DrawOptions.Holder<GatherCaseOptions> {

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

    /**
     * With IndexDimensions 0, DirectML.dll 1.15.4 accepts indices whose sizes after their leading 1s are the input's
     * first sizes after its own, at most Axis of them, and gives each output element an index of its own
     * (docs/directml-behaviour.md §10.4).
     */
    public enum ScalarIndices {
        /** One index, every indices size 1, as the docs have it. */
        ONE,
        /** In half of the IndexDimensions 0 cases that allow it, one index per output element. */
        SOMETIMES_ONE_PER_ELEMENT
    }

    public GatherCaseOptions {
        Objects.requireNonNull(draws, "draws");
        Objects.requireNonNull(heapBugShapes, "heapBugShapes");
        Objects.requireNonNull(paddingRows, "paddingRows");
        Objects.requireNonNull(scalarIndices, "scalarIndices");
    }

    /**
     * Every type, ranks 1-8, about 200 output elements, strided, 40% of the cases out of range, 30% of signed in-range
     * indices negative, any bits, offsets and slack ({@link DrawOptions#defaults()}); no heap-bug shapes; IndexDimensions
     * 0 sometimes with one index per output element.
     */
    public static GatherCaseOptions defaults() {
        return new GatherCaseOptions(DrawOptions.defaults(), HeapBugShapes.EXCLUDED, PaddingRows.ONE,
                ScalarIndices.SOMETIMES_ONE_PER_ELEMENT);
    }

    @Override
    public GatherCaseOptions withDraws(DrawOptions newDraws) {
        return new GatherCaseOptions(newDraws, heapBugShapes, paddingRows, scalarIndices);
    }

    public GatherCaseOptions with(HeapBugShapes newHeapBugShapes) {
        return new GatherCaseOptions(draws, newHeapBugShapes, paddingRows, scalarIndices);
    }

    public GatherCaseOptions with(PaddingRows newPaddingRows) {
        return new GatherCaseOptions(draws, heapBugShapes, newPaddingRows, scalarIndices);
    }

    public GatherCaseOptions with(ScalarIndices newScalarIndices) {
        return new GatherCaseOptions(draws, heapBugShapes, paddingRows, newScalarIndices);
    }
}

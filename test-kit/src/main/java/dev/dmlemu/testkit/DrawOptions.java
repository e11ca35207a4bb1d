package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import java.util.List;
import java.util.Objects;

/**
 * The settings GATHER's and GATHER_ND's generators draw alike ({@link GatherCaseOptions}, {@link GatherNdCaseOptions}
 * hold one and add their operator's own). The layout, element and placement settings are those of
 * {@link CaseOptions}; the types are those of the 4_1 support block, which GATHER and GATHER_ND share with
 * GATHER_ELEMENTS.
 *
 * @param dataTypes input and output data types, drawn uniformly
 * @param indexTypes index data types, drawn uniformly
 * @param maxRank at most 8 dimensions
 * @param maxElements sizes drawn after the running product passes this (over {@code maxSize}) are 1
 * @param maxSize most sizes are 1 to {@code maxSize}, a quarter of them up to {@code maxSize + 2}
 * @param outOfRangeShare the share of cases with out-of-range indices: in such a case the last index and a third of
 *     the others are out of range for their dimension (just past either end, 32-bit and 64-bit boundaries, any 64
 *     bits)
 * @param negativeShare the share of in-range indices of a signed index type that count from the end ({@code [-size,
 *     -1]}); unsigned types take {@code [0, size)} only
 */
public record DrawOptions(List<TensorDataType> dataTypes, List<TensorDataType> indexTypes, int maxRank,
        int maxElements, int maxSize, Layout layout, double outOfRangeShare, double negativeShare,
        ElementValues elementValues, Placement placement) {

    public DrawOptions {
        dataTypes = List.copyOf(dataTypes);
        indexTypes = List.copyOf(indexTypes);
        if (dataTypes.isEmpty() || indexTypes.isEmpty()) {
            throw new IllegalArgumentException("no data or index types to draw from");
        }
        if (!CaseOptions.ALL_DATA_TYPES.containsAll(dataTypes)
                || !CaseOptions.ALL_INDEX_TYPES.containsAll(indexTypes)) {
            throw new IllegalArgumentException("types outside the 4_1 block: " + dataTypes + " " + indexTypes);
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
    }

    /**
     * Every type, ranks 1-8, about 200 output elements, strided, 40% of the cases out of range, 30% of signed in-range
     * indices negative, any bits, offsets and slack.
     */
    public static DrawOptions defaults() {
        return new DrawOptions(CaseOptions.ALL_DATA_TYPES, CaseOptions.ALL_INDEX_TYPES, 8, 200, 3, Layout.STRIDED, 0.4,
                0.3, ElementValues.ANY_BITS, Placement.OFFSET_WITH_SLACK);
    }

    /**
     * An operator's options holding a {@link DrawOptions}: the shared settings are read and narrowed through it, so an
     * operator's options record writes only {@link #draws()}, {@link #withDraws} and its own settings.
     */
    public interface Holder<O extends Holder<O>> {

        DrawOptions draws();

        /** These options with {@code newDraws} in place of {@link #draws()}. */
        O withDraws(DrawOptions newDraws);

        default List<TensorDataType> dataTypes() {
            return draws().dataTypes();
        }

        default List<TensorDataType> indexTypes() {
            return draws().indexTypes();
        }

        default int maxRank() {
            return draws().maxRank();
        }

        default int maxElements() {
            return draws().maxElements();
        }

        default int maxSize() {
            return draws().maxSize();
        }

        default Layout layout() {
            return draws().layout();
        }

        default double outOfRangeShare() {
            return draws().outOfRangeShare();
        }

        default double negativeShare() {
            return draws().negativeShare();
        }

        default ElementValues elementValues() {
            return draws().elementValues();
        }

        default Placement placement() {
            return draws().placement();
        }

        default O withDataTypes(List<TensorDataType> newDataTypes) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(newDataTypes, d.indexTypes, d.maxRank, d.maxElements, d.maxSize, d.layout,
                    d.outOfRangeShare, d.negativeShare, d.elementValues, d.placement));
        }

        default O withIndexTypes(List<TensorDataType> newIndexTypes) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, newIndexTypes, d.maxRank, d.maxElements, d.maxSize, d.layout,
                    d.outOfRangeShare, d.negativeShare, d.elementValues, d.placement));
        }

        default O withMaxRank(int newMaxRank) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, d.indexTypes, newMaxRank, d.maxElements, d.maxSize, d.layout,
                    d.outOfRangeShare, d.negativeShare, d.elementValues, d.placement));
        }

        /** Larger shapes reach more of a backend's loops: longer rows and slices, more of them, thread splits. */
        default O withShapes(int newMaxElements, int newMaxSize) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, d.indexTypes, d.maxRank, newMaxElements, newMaxSize, d.layout,
                    d.outOfRangeShare, d.negativeShare, d.elementValues, d.placement));
        }

        /** 0 for in-range indices only. */
        default O withOutOfRangeShare(double newShare) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, d.indexTypes, d.maxRank, d.maxElements, d.maxSize, d.layout,
                    newShare, d.negativeShare, d.elementValues, d.placement));
        }

        default O withNegativeShare(double newShare) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, d.indexTypes, d.maxRank, d.maxElements, d.maxSize, d.layout,
                    d.outOfRangeShare, newShare, d.elementValues, d.placement));
        }

        default O with(Layout newLayout) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, d.indexTypes, d.maxRank, d.maxElements, d.maxSize, newLayout,
                    d.outOfRangeShare, d.negativeShare, d.elementValues, d.placement));
        }

        default O with(ElementValues newElementValues) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, d.indexTypes, d.maxRank, d.maxElements, d.maxSize, d.layout,
                    d.outOfRangeShare, d.negativeShare, newElementValues, d.placement));
        }

        default O with(Placement newPlacement) {
            DrawOptions d = draws();
            return withDraws(new DrawOptions(d.dataTypes, d.indexTypes, d.maxRank, d.maxElements, d.maxSize, d.layout,
                    d.outOfRangeShare, d.negativeShare, d.elementValues, newPlacement));
        }
    }
}

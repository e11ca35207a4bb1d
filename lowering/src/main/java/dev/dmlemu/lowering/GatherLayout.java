package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Where a Gather node's dimensions go in {@code DML_GATHER_OPERATOR_DESC}, whose three tensors share one
 * DimensionCount D: the input is the data padded with leading 1s (the axis shifts by the padding), the indices are
 * padded with leading 1s and IndexDimensions is their own rank, and the output is DirectML's formula
 * {@code input[0..Axis) ++ indices[D-IndexDimensions..D) ++ input(Axis..D)} right-aligned to D
 * (docs/directml-behaviour.md §10.1). Only the input's leading 1s are ever cropped, and the indices' dimensions before
 * the last IndexDimensions are all 1 (§10.3, §10.4).
 *
 * <p>D is 4 below 3_0 (the 1_0 and 2_1 support tables take exactly 4 dimensions, §10.2) and from 3_0 the smallest
 * count that holds the data, the indices and the output: {@code max(r, q, r + q - 1)}. When that exceeds the level's
 * limit (4, or 8 from 3_0), the packed tensors are viewed with fewer dimensions: the data's dimensions before the axis
 * become one, those after it one, and the indices' one; the result needs at most 3.
 *
 * <p>Since D is at least the output's rank r + q - 1, the input gets at least q - 1 leading 1s, so
 * {@code Axis >= IndexDimensions - 1} always: the formula's cropped leading 1s all come from the input's padding.
 * DirectML.dll 1.15.4 accepts descs with {@code IndexDimensions - 1 > Axis} but corrupts its heap on them (a later
 * CompileOperator can crash, some return garbage; §10.6), so no lowering may produce one. With q = 0 (a scalar
 * index) the indices are a tensor of D ones and IndexDimensions is 0.
 *
 * @param data the data's dimensions as DirectML sees them (a trailing lane dimension included), before padding
 * @param axis the axis in {@code data}
 * @param indices the indices' dimensions as DirectML sees them, before padding (empty for a scalar index)
 * @param dimensionCount D
 * @param merged whether dimensions were merged to fit the level
 */
record GatherLayout(List<Long> data, int axis, List<Long> indices, int dimensionCount, boolean merged) {

    GatherLayout {
        data = List.copyOf(data);
        indices = List.copyOf(indices);
        int dmlAxis = axis + dimensionCount - data.size();
        if (indices.size() - 1 > dmlAxis) {
            throw new IllegalStateException("IndexDimensions " + indices.size() + " - 1 > Axis " + dmlAxis
                    + ": a layout that trips DirectML's heap bug");
        }
    }

    /**
     * The layout of data (lanes included) and indices gathered along {@code axis} at {@code target}.
     *
     * @throws ArithmeticException if a merged dimension overflows a {@code long}
     */
    static GatherLayout of(List<Long> data, int axis, List<Long> indices, FeatureLevel target) {
        boolean fourOnly = target.isBelow(FeatureLevel.LEVEL_3_0);
        int limit = fourOnly ? 4 : 8;
        int needed = dimensionsNeeded(data.size(), indices.size());
        if (needed <= limit) {
            return new GatherLayout(data, axis, indices, fourOnly ? 4 : needed, false);
        }
        List<Long> mergedData = new ArrayList<>();
        if (axis > 0) {
            mergedData.add(LoweringChecks.product(data.subList(0, axis)));
        }
        mergedData.add(data.get(axis));
        if (axis + 1 < data.size()) {
            mergedData.add(LoweringChecks.product(data.subList(axis + 1, data.size())));
        }
        List<Long> mergedIndices = indices.isEmpty() ? List.of() : List.of(LoweringChecks.product(indices));
        int mergedAxis = axis > 0 ? 1 : 0;
        int count = fourOnly ? 4 : dimensionsNeeded(mergedData.size(), mergedIndices.size());
        return new GatherLayout(mergedData, mergedAxis, mergedIndices, count, true);
    }

    /** The smallest D that holds data of rank r, indices of rank q and the output of rank r + q - 1. */
    static int dimensionsNeeded(int r, int q) {
        return Math.max(Math.max(r, q), r + q - 1);
    }

    /** The desc's {@code Axis}: the axis shifted by the input's leading 1s. */
    int dmlAxis() {
        return axis + dimensionCount - data.size();
    }

    /** The desc's {@code IndexDimensions}: the indices' own rank. */
    int indexDimensions() {
        return indices.size();
    }

    /** The output's dimensions before padding: data before the axis, the indices, data after the axis. */
    List<Long> output() {
        List<Long> output = new ArrayList<>(data.subList(0, axis));
        output.addAll(indices);
        output.addAll(data.subList(axis + 1, data.size()));
        return output;
    }

    /** {@code sizes} with leading 1s up to D. */
    List<Long> padded(List<Long> sizes) {
        List<Long> padded = new ArrayList<>(Collections.nCopies(dimensionCount - sizes.size(), 1L));
        padded.addAll(sizes);
        return padded;
    }
}

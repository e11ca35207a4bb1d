package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Where a GatherND node's dimensions go in {@code DML_GATHER_ND_OPERATOR_DESC} or {@code DML_GATHER_ND1_OPERATOR_DESC},
 * whose three tensors share one DimensionCount D: the input is the data padded with leading 1s and
 * InputDimensionCount is the data's own rank; the indices are padded with leading 1s and IndicesDimensionCount is
 * their own rank, the tuple dimension included; BatchDimensionCount is {@code batch_dims}. DirectML's output formula
 * {@code idx[0 .. len-1) ++ in[B+k ..)} right-aligned to D (docs/directml-behaviour.md §11.3) is then ONNX's output
 * {@code indices.shape[:-1] ++ data.shape[b+k:]}, and the padding is the "irrelevant leading ones" DirectML ignores.
 *
 * <p>D is 4 below 3_0 (the 2_1 support table takes exactly 4 dimensions, §11.2) and from 3_0 the smallest count that
 * holds the data, the indices and the output: {@code max(r, q, q - 1 + r - b - k)}. When that exceeds the level's
 * limit (4, or 8 from 3_0), the packed tensors are viewed with fewer dimensions where the meaning allows: the batch
 * dimensions of data and indices each become one, the indices' dimensions between the batch and the tuple one, and
 * the data's slice after the indexed dimensions one. The k indexed data dimensions cannot merge (each tuple coordinate
 * addresses one), so a merged layout may still exceed the limit; the lowering refuses it then.
 *
 * @param data the data's dimensions as DirectML sees them (a trailing lane dimension included), before padding
 * @param indices the indices' dimensions, before padding; the last is the tuple length k
 * @param batchDims the batch dimensions leading both
 * @param dimensionCount D
 * @param merged whether dimensions were merged to fit the level
 */
record GatherNdLayout(List<Long> data, List<Long> indices, int batchDims, int dimensionCount, boolean merged) {

    GatherNdLayout {
        data = List.copyOf(data);
        indices = List.copyOf(indices);
    }

    /**
     * The layout of data (lanes included) and indices with {@code batchDims} batch dimensions at {@code target}; its
     * {@link #dimensionCount()} exceeds the level's limit only when merging could not bring it down.
     *
     * @throws ArithmeticException if a merged dimension overflows a {@code long}
     */
    static GatherNdLayout of(List<Long> data, List<Long> indices, int batchDims, FeatureLevel target) {
        boolean fourOnly = target.isBelow(FeatureLevel.LEVEL_3_0);
        int limit = fourOnly ? 4 : 8;
        int tuple = Math.toIntExact(indices.get(indices.size() - 1));
        int needed = dimensionsNeeded(data.size(), indices.size(), batchDims, tuple);
        if (needed <= limit) {
            return new GatherNdLayout(data, indices, batchDims, fourOnly ? 4 : needed, false);
        }
        int sliceStart = batchDims + tuple;
        List<Long> mergedData = new ArrayList<>();
        List<Long> mergedIndices = new ArrayList<>();
        if (batchDims > 0) {
            mergedData.add(LoweringChecks.product(data.subList(0, batchDims)));
            mergedIndices.add(LoweringChecks.product(indices.subList(0, batchDims)));
        }
        mergedData.addAll(data.subList(batchDims, sliceStart));
        if (sliceStart < data.size()) {
            mergedData.add(LoweringChecks.product(data.subList(sliceStart, data.size())));
        }
        if (indices.size() - 1 > batchDims) {
            mergedIndices.add(LoweringChecks.product(indices.subList(batchDims, indices.size() - 1)));
        }
        mergedIndices.add((long) tuple);
        int mergedBatch = batchDims > 0 ? 1 : 0;
        int count = dimensionsNeeded(mergedData.size(), mergedIndices.size(), mergedBatch, tuple);
        return new GatherNdLayout(mergedData, mergedIndices, mergedBatch, fourOnly ? Math.max(4, count) : count, true);
    }

    /** The smallest D that holds data of rank r, indices of rank q and the output of rank q - 1 + r - b - k. */
    static int dimensionsNeeded(int r, int q, int b, int k) {
        return Math.max(Math.max(r, q), q - 1 + r - b - k);
    }

    /** The tuple length k: the indices' last size. */
    int tupleLength() {
        return Math.toIntExact(indices.get(indices.size() - 1));
    }

    /** The output's dimensions before padding: the indices' but the last, then the data's after the indexed ones. */
    List<Long> output() {
        List<Long> output = new ArrayList<>(indices.subList(0, indices.size() - 1));
        output.addAll(data.subList(batchDims + tupleLength(), data.size()));
        return output;
    }

    /** {@code sizes} with leading 1s up to D. */
    List<Long> padded(List<Long> sizes) {
        List<Long> padded = new ArrayList<>(Collections.nCopies(dimensionCount - sizes.size(), 1L));
        padded.addAll(sizes);
        return padded;
    }

    /**
     * Refuses a layout that needs more dimensions than DirectML's GatherND and ScatterND take at {@code target}:
     * exactly 4 below 3_0, up to 8 from it (docs/directml-behaviour.md §11.2, §13.2).
     *
     * @param op the node, for the message
     * @param operator "GatherND" or "ScatterND"
     * @param merged what was merged, for the message ("the batch dimensions, the indices' leading dimensions and the
     *     data's slice")
     * @param lanes whether the data carries a UINT32 lane dimension the framework node does not have
     */
    void requireFits(FeatureLevel target, String op, String operator, String merged, boolean lanes) {
        boolean fourOnly = target.isBelow(FeatureLevel.LEVEL_3_0);
        if (dimensionCount <= (fourOnly ? 4 : 8)) {
            return;
        }
        String why = "; merging " + merged + " still leaves data " + data + (lanes
                ? " (the UINT32 lane dimension included)" : "") + " and indices " + indices + ", and each of the "
                + tupleLength() + " tuple coordinates needs a data dimension of its own";
        if (fourOnly && dimensionCount <= 8) {
            throw LoweringChecks.refuse(LoweringRule.RANK_ABOVE_4_NEEDS_3_0, FeatureLevel.LEVEL_3_0, op + ": at "
                    + target.cName() + " DirectML " + operator + " takes exactly 4 dimensions, this node needs "
                    + dimensionCount + why + "; 1 to 8 dimensions need DML_FEATURE_LEVEL_3_0");
        }
        throw LoweringChecks.refuse(LoweringRule.RANK_ABOVE_8, null, op + ": DirectML " + operator + " takes at most "
                + "8 dimensions at any feature level, this node needs " + dimensionCount + why);
    }
}

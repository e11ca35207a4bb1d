package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_3_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One test per SCATTER_ND rule (docs/directml-behaviour.md §13.3, §13.4). The shapes are the referee's probes (their
 * names in comments) and the docs' example; each expectation is the measured verdict, with the diagnostic worked out
 * by hand from the updates formula {@code idx[0 .. len-1) ++ in[q ..)} (in/idx the counted trailing sizes, q the
 * tuple length), never taken from the validator.
 */
class ScatterNdRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static ScatterNdOperatorDesc nd(long[] input, long[] indices, long[] updates, long inputCount,
            long indicesCount) {
        return nd(input, indices, updates, input, inputCount, indicesCount);
    }

    private static ScatterNdOperatorDesc nd(long[] input, long[] indices, long[] updates, long[] output,
            long inputCount, long indicesCount) {
        return new ScatterNdOperatorDesc(BufferTensorDesc.packed(FLOAT32, input),
                BufferTensorDesc.packed(UINT32, indices), BufferTensorDesc.packed(FLOAT32, updates),
                BufferTensorDesc.packed(FLOAT32, output), inputCount, indicesCount);
    }

    /** As {@link #nd}, the indices with explicit Strides (and the bytes those need). */
    private static ScatterNdOperatorDesc withIndicesStrides(ScatterNdOperatorDesc desc, long... strides) {
        BufferTensorDesc indices = (BufferTensorDesc) desc.indicesTensor();
        List<Long> strideList = Arrays.stream(strides).boxed().toList();
        BufferTensorDesc strided = new BufferTensorDesc(UINT32, TensorFlags.NONE, indices.dimensionCount(),
                indices.sizes(), Optional.of(strideList), 64, 0);
        return new ScatterNdOperatorDesc(desc.inputTensor(), strided, desc.updatesTensor(), desc.outputTensor(),
                desc.inputDimensionCount(), desc.indicesDimensionCount());
    }

    private static long[] s(long... sizes) {
        return sizes;
    }

    private ValidationResult assertOnly(OperatorDesc desc, FeatureLevel level, Object... expected) {
        return OnlyDiagnostics.assertOnly(validator, desc, level, expected);
    }

    // --- the docs' example (measured: refused as printed; `1 11 3 10 9 6 7 12` all 2-D) ---

    @Test
    void theDocsExampleIsValidIn2dAndRefusedAsPrinted() {
        // Input {1,8} (count 1), indices {4,1} (count 2), q 1: {4} ++ {} -> updates {1,4}.
        assertOnly(nd(s(1, 8), s(4, 1), s(1, 4), 1, 2), LEVEL_6_4);
        // As printed: FLOAT32 indices, and ranks 1, 2, 1 (only a warning).
        ScatterNdOperatorDesc asPrinted = new ScatterNdOperatorDesc(BufferTensorDesc.packed(FLOAT32, 8),
                BufferTensorDesc.packed(FLOAT32, 4, 1), BufferTensorDesc.packed(FLOAT32, 4),
                BufferTensorDesc.packed(FLOAT32, 8), 1, 2);
        assertOnly(asPrinted, LEVEL_6_4, RuleId.DATA_TYPE_UNSUPPORTED, "IndicesTensor.DataType",
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount");
    }

    // --- support tables and availability (§13.2) ---

    @Test
    void availableFrom2_1() {
        ScatterNdOperatorDesc fourD = nd(s(1, 1, 2, 3), s(1, 1, 4, 1), s(1, 1, 4, 3), 2, 2);
        assertOnly(fourD, LEVEL_2_1);
        assertOnly(fourD, LEVEL_2_0, RuleId.OPERATOR_UNAVAILABLE, "Type");
        assertEquals(Optional.of(LEVEL_2_1), validator.minimumFeatureLevel(fourD).level());
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(nd(s(2, 3), s(4, 1), s(4, 3), 2, 2))
                .level());
        ScatterNdOperatorDesc signed = new ScatterNdOperatorDesc(BufferTensorDesc.packed(FLOAT32, 2, 3),
                BufferTensorDesc.packed(INT32, 4, 1), BufferTensorDesc.packed(FLOAT32, 4, 3),
                BufferTensorDesc.packed(FLOAT32, 2, 3), 2, 2);
        assertEquals(IndexSemantics.SIGNED_WRAP, validator.validate(signed, LEVEL_3_0).indexSemantics());
    }

    // --- structural rules (§13.3) ---

    @Test
    void theOutputIsTheInput() {
        // snd_out_plus1, snd_out_wrong.
        assertOnly(nd(s(2, 3), s(4, 1), s(4, 3), s(1, 2, 3), 2, 2), LEVEL_6_4,
                RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount");
        assertOnly(nd(s(2, 3), s(4, 1), s(4, 3), s(2, 4), 2, 2), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
        ScatterNdOperatorDesc updatesType = new ScatterNdOperatorDesc(BufferTensorDesc.packed(FLOAT32, 2, 3),
                BufferTensorDesc.packed(UINT32, 4, 1), BufferTensorDesc.packed(INT32, 4, 3),
                BufferTensorDesc.packed(FLOAT32, 2, 3), 2, 2);
        assertOnly(updatesType, LEVEL_6_4, RuleId.DATA_TYPE_MISMATCH, "UpdatesTensor.DataType");
    }

    @Test
    void indicesAndUpdatesOfAnotherDimensionCountAreAcceptedWithAWarning() {
        // snd_idx_plus1: {4} ++ {3} = {4,3} aligned to the updates' own 2 dimensions.
        ValidationResult plus1 = assertOnly(nd(s(2, 3), s(1, 4, 1), s(4, 3), 2, 2), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount");
        assertEquals("IndicesTensor.DimensionCount: 3 differs from InputTensor.DimensionCount 2; the docs require one "
                + "DimensionCount for all four tensors, DirectML.dll 1.15.4 accepts it and aligns the sizes to the "
                + "right (docs/directml-behaviour.md §13.3)", plus1.warnings().get(0).message());
        // snd_upd_plus2, snd_idx_minus1, snd_idx_rank1 (indices {1}, updates {3}).
        assertOnly(nd(s(2, 3), s(4, 1), s(1, 1, 4, 3), 2, 2), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "UpdatesTensor.DimensionCount");
        assertOnly(nd(s(1, 2, 3), s(4, 1), s(1, 4, 3), 2, 2), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount");
        assertOnly(nd(s(1, 2, 3), s(1), s(3), 2, 1), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount",
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "UpdatesTensor.DimensionCount");
        // snd_upd_plus1_lead2: the extra leading dimension must be 1, as the formula pads.
        assertOnly(nd(s(2, 3), s(4, 1), s(2, 4, 3), 2, 2), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "UpdatesTensor.DimensionCount",
                RuleId.SIZES_MISMATCH, "UpdatesTensor.Sizes[0]");
        // At 2_1 every tensor must be 4-D: the table refuses it first.
        assertOnly(nd(s(1, 1, 2, 3), s(1, 1, 1, 4, 1), s(1, 1, 4, 3), 2, 2), LEVEL_2_1,
                RuleId.DIMENSION_COUNT_UNSUPPORTED, "IndicesTensor.DimensionCount",
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount");
    }

    @Test
    void theUpdatesAreTheFormulaAlignedToTheirOwnDimensionCount() {
        assertOnly(nd(s(2, 3), s(4, 1), s(4, 3), 2, 2), LEVEL_6_4);
        // snd_upd_wrong: {4,2} for {4,3}.
        ValidationResult wrong = assertOnly(nd(s(2, 3), s(4, 1), s(4, 2), 2, 2), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "UpdatesTensor.Sizes[1]");
        assertEquals("UpdatesTensor.Sizes[1]: expected 3 (InputTensor.Sizes[1]; the updates formula aligned to 2 "
                + "dimensions is {4,3}) but got 2", wrong.errors().get(0).message());
        // snd_formula_long_upd_rank_same: {2,2} ++ {3,3} has 4 entries for 3-D updates; not cropped.
        assertOnly(nd(s(3, 3, 3), s(2, 2, 1), s(2, 3, 3), 3, 3), LEVEL_6_4,
                RuleId.OUTPUT_FORMULA_TOO_LONG, "UpdatesTensor.Sizes");
        // snd_formula_long_upd_rank: the same formula fits 4-D updates.
        assertOnly(nd(s(3, 3, 3), s(1, 2, 2, 1), s(2, 2, 3, 3), 3, 3), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount",
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "UpdatesTensor.DimensionCount");
        // snd_idx_plus1_idc3: {1,4} ++ {3} has 3 entries for 2-D updates, though its first is 1.
        assertOnly(nd(s(2, 3), s(1, 4, 1), s(4, 3), 2, 3), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount",
                RuleId.OUTPUT_FORMULA_TOO_LONG, "UpdatesTensor.Sizes");
    }

    @Test
    void countsAreInRangeAndTheUncountedSizesAre1() {
        // snd_indc_gt_rank, snd_idc0, snd_uncounted_input.
        assertOnly(nd(s(2, 3), s(4, 1), s(4, 3), 3, 2), LEVEL_6_4,
                RuleId.INPUT_DIMENSION_COUNT_OUT_OF_RANGE, "InputDimensionCount");
        assertOnly(nd(s(2, 3), s(4, 1), s(4, 3), 2, 0), LEVEL_6_4,
                RuleId.INDICES_DIMENSION_COUNT_OUT_OF_RANGE, "IndicesDimensionCount");
        assertOnly(nd(s(2, 2, 3), s(1, 4, 1), s(1, 4, 3), 2, 2), LEVEL_6_4,
                RuleId.UNCOUNTED_SIZE_NOT_1, "InputTensor.Sizes[0]");
        // snd_idx_plus1_uncounted2: indices {2,4,1} with count 2.
        assertOnly(nd(s(2, 3), s(2, 4, 1), s(1, 4, 3), 2, 2), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount",
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "UpdatesTensor.DimensionCount",
                RuleId.UNCOUNTED_SIZE_NOT_1, "IndicesTensor.Sizes[0]");
    }

    // --- a tuple longer than InputDimensionCount (§13.4) ---

    @Test
    void aTupleLongerThanInputDimensionCountThatEndsTheProcessIsAnErrorSayingSo() {
        // ff_3d_q3_indc2: 3 coordinates, InputDimensionCount 2, input rank 3, IndicesDimensionCount 2.
        ValidationResult result = assertOnly(nd(s(1, 3, 3), s(1, 1, 3), s(1, 1, 1), 2, 2), LEVEL_6_4,
                RuleId.CREATE_OPERATOR_FAIL_FAST, "IndicesTensor.Sizes[2]");
        assertEquals("IndicesTensor.Sizes[2]: the index tuple has 3 coordinates, more than the 2 input dimensions it "
                + "can index (InputDimensionCount 2): DirectML.dll 1.15.4 terminates the process (fail-fast) in "
                + "CreateOperator for this desc instead of refusing it; never send it to a device (measured at "
                + "DML_FEATURE_LEVEL_6_4, docs/directml-behaviour.md §13.4)", result.errors().get(0).message());
        // ff_2d_q2_indc1, ff_4d_idxrank2_updrank1.
        assertOnly(nd(s(1, 3), s(1, 2), s(1, 1), 1, 2), LEVEL_6_4,
                RuleId.CREATE_OPERATOR_FAIL_FAST, "IndicesTensor.Sizes[1]");
        assertOnly(nd(s(1, 1, 1, 5), s(1, 2), s(1), 1, 2), LEVEL_6_4,
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "IndicesTensor.DimensionCount",
                RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, "UpdatesTensor.DimensionCount",
                RuleId.CREATE_OPERATOR_FAIL_FAST, "IndicesTensor.Sizes[1]");
    }

    @Test
    void aTupleLongerThanTheInputOrWithIndicesDimensionCount1IsRefused() {
        // ff_2d_q3_rank2: 3 coordinates for a 2-D input.
        assertOnly(nd(s(3, 3), s(1, 3), s(1, 1), 2, 2), LEVEL_6_4,
                RuleId.INDEX_TUPLE_TOO_LONG, "IndicesTensor.Sizes[1]");
        // ff_2d_idx12_idc1, ff_4d_q3_indc2_idc1: IndicesDimensionCount 1.
        assertOnly(nd(s(1, 3), s(1, 2), s(1, 1), 1, 1), LEVEL_6_4,
                RuleId.INDEX_TUPLE_TOO_LONG, "IndicesTensor.Sizes[1]");
        assertOnly(nd(s(1, 1, 2, 2), s(1, 1, 1, 3), s(1, 1, 1, 1), 2, 1), LEVEL_6_4,
                RuleId.INDEX_TUPLE_TOO_LONG, "IndicesTensor.Sizes[3]");
    }

    // --- indices strides (§13.3) ---

    @Test
    void broadcastIndicesAreRefused() {
        // i1_idx_stride0_size7, i4_idx_stride0_tuple.
        assertOnly(withIndicesStrides(nd(s(2, 3), s(7, 1), s(7, 3), 2, 2), 0, 1), LEVEL_6_4,
                RuleId.INDICES_BROADCAST, "IndicesTensor.Strides[0]");
        assertOnly(withIndicesStrides(nd(s(2, 3), s(4, 2), s(1, 4), 2, 2), 2, 0), LEVEL_6_4,
                RuleId.INDICES_BROADCAST, "IndicesTensor.Strides[1]");
        // i13_idx_stride0_size1, i5_idx_overlapping, i3_idx_transposed: accepted.
        assertOnly(withIndicesStrides(nd(s(2, 3), s(4, 1), s(4, 3), 2, 2), 1, 0), LEVEL_6_4);
        assertOnly(withIndicesStrides(nd(s(2, 3), s(4, 2), s(1, 4), 2, 2), 1, 1), LEVEL_6_4);
        assertOnly(withIndicesStrides(nd(s(2, 3), s(4, 2), s(1, 4), 2, 2), 1, 4), LEVEL_6_4);
    }
}

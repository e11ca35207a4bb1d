package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_3_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_4_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.FLOAT64;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.INT64;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One test per GATHER_ND / GATHER_ND1 rule (docs/directml-behaviour.md §11.3, §11.4). The shapes are the referee's
 * probes (their names in comments) and the docs' examples; each expectation is worked out by hand from the measured
 * formula {@code idx[0 .. len-1) ++ in[B+q ..)} (in/idx the counted trailing sizes, q the tuple length, B the
 * batch count) and the measured verdict, never taken from the validator.
 */
class GatherNdRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static GatherNdOperatorDesc nd(long[] input, long[] indices, long[] output, long inputCount,
            long indicesCount) {
        return nd(FLOAT32, UINT32, input, indices, output, inputCount, indicesCount);
    }

    private static GatherNdOperatorDesc nd(TensorDataType dataType, TensorDataType indexType, long[] input,
            long[] indices, long[] output, long inputCount, long indicesCount) {
        return new GatherNdOperatorDesc(BufferTensorDesc.packed(dataType, input),
                BufferTensorDesc.packed(indexType, indices), BufferTensorDesc.packed(dataType, output), inputCount,
                indicesCount);
    }

    private static GatherNd1OperatorDesc nd1(long[] input, long[] indices, long[] output, long inputCount,
            long indicesCount, long batchCount) {
        return new GatherNd1OperatorDesc(BufferTensorDesc.packed(FLOAT32, input),
                BufferTensorDesc.packed(UINT32, indices), BufferTensorDesc.packed(FLOAT32, output), inputCount,
                indicesCount, batchCount);
    }

    private static long[] s(long... sizes) {
        return sizes;
    }

    private ValidationResult assertOnly(OperatorDesc desc, FeatureLevel level, Object... expected) {
        return OnlyDiagnostics.assertOnly(validator, desc, level, expected);
    }

    // --- the docs' examples (measured: each gives the documented output) ---

    @Test
    void theDocsExamplesAreValid() {
        // GATHER_ND 1: in {2,2}, idx {2,1}, q 1: {2} ++ {2} = {2,2}.
        assertOnly(nd(s(2, 2), s(2, 1), s(2, 2), 2, 2), LEVEL_6_4);
        // GATHER_ND 2: in {2,2,2} (count 3), idx {2,2} (count 2), q 2: {2} ++ {2} = {2,2} -> {1,1,2,2}. The docs'
        // formula would take Input.Sizes[4-2 ..) = {2,2} and give {1,2,2,2}: their examples follow the measured one.
        assertOnly(nd(s(1, 2, 2, 2), s(1, 1, 2, 2), s(1, 1, 2, 2), 3, 2), LEVEL_6_4);
        assertOnly(nd(s(1, 2, 2, 2), s(1, 1, 2, 2), s(1, 2, 2, 2), 3, 2), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
        // GATHER_ND1 1 (B 0) and 2 (B 1): in {3,2,2}, idx {3,2,2}, q 2: {3,2} ++ in[1+2 ..) = {3,2} -> {1,1,3,2}.
        assertOnly(nd1(s(2, 2), s(2, 1), s(2, 2), 2, 2, 0), LEVEL_6_4);
        assertOnly(nd1(s(1, 3, 2, 2), s(1, 3, 2, 2), s(1, 1, 3, 2), 3, 3, 1), LEVEL_6_4);
    }

    // --- support tables and availability (§11.2) ---

    @Test
    void gatherNdExistsFrom2_1AndGatherNd1From3_0() {
        GatherNdOperatorDesc fourD = nd(s(1, 1, 2, 2), s(1, 1, 2, 1), s(1, 1, 2, 2), 2, 2);
        assertOnly(fourD, LEVEL_2_1);
        assertOnly(fourD, LEVEL_2_0, RuleId.OPERATOR_UNAVAILABLE, "Type");
        assertEquals(Optional.of(LEVEL_2_1), validator.minimumFeatureLevel(fourD).level());
        GatherNd1OperatorDesc fourD1 = nd1(s(1, 1, 2, 2), s(1, 1, 2, 1), s(1, 1, 2, 2), 2, 2, 0);
        assertOnly(fourD1, LEVEL_2_1, RuleId.OPERATOR_UNAVAILABLE, "Type");
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(fourD1).level());
        // 2-D and INT64 indices need the 3_0 block; FLOAT64 data the 4_1 block.
        GatherNdOperatorDesc twoD = nd(FLOAT32, INT64, s(2, 2), s(2, 1), s(2, 2), 2, 2);
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(twoD).level());
        GatherNdOperatorDesc doubles = nd(FLOAT64, UINT32, s(2, 2), s(2, 1), s(2, 2), 2, 2);
        assertEquals(Optional.of(LEVEL_4_1), validator.minimumFeatureLevel(doubles).level());
    }

    @Test
    void signedIndicesWrapFrom3_0() {
        assertEquals(IndexSemantics.SIGNED_WRAP, validator.validate(nd(FLOAT32, INT32, s(1, 1, 2, 2), s(1, 1, 2, 1),
                s(1, 1, 2, 2), 2, 2), LEVEL_3_0).indexSemantics());
        assertEquals(IndexSemantics.UNSIGNED, validator.validate(nd(s(1, 1, 2, 2), s(1, 1, 2, 1), s(1, 1, 2, 2), 2,
                2), LEVEL_2_1).indexSemantics());
    }

    // --- structural rules (§11.3) ---

    @Test
    void dimensionCountsAndDataTypesMatchTheInputs() {
        assertOnly(nd(s(2, 2), s(1, 2, 1), s(2, 2), 2, 2), LEVEL_6_4,
                RuleId.DIMENSION_COUNT_MISMATCH, "IndicesTensor.DimensionCount");
        assertOnly(nd(s(2, 2), s(2, 1), s(1, 2, 2), 2, 2), LEVEL_6_4,
                RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount");
        GatherNdOperatorDesc typeMismatch = new GatherNdOperatorDesc(BufferTensorDesc.packed(FLOAT32, 2, 2),
                BufferTensorDesc.packed(UINT32, 2, 1), BufferTensorDesc.packed(INT32, 2, 2), 2, 2);
        assertOnly(typeMismatch, LEVEL_6_4, RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType");
        assertOnly(nd(FLOAT32, FLOAT32, s(2, 2), s(2, 1), s(2, 2), 2, 2), LEVEL_6_4,
                RuleId.DATA_TYPE_UNSUPPORTED, "IndicesTensor.DataType");
    }

    @Test
    void countsAreBetween1AndTheRank() {
        // nd_indc0, nd_idc0, nd_indc_gt_rank, nd_idc_gt_rank: all refused.
        assertOnly(nd(s(2, 2), s(2, 1), s(2, 2), 0, 2), LEVEL_6_4,
                RuleId.INPUT_DIMENSION_COUNT_OUT_OF_RANGE, "InputDimensionCount");
        assertOnly(nd(s(2, 2), s(2, 1), s(2, 2), 2, 0), LEVEL_6_4,
                RuleId.INDICES_DIMENSION_COUNT_OUT_OF_RANGE, "IndicesDimensionCount");
        assertOnly(nd(s(2, 2), s(2, 1), s(2, 2), 3, 2), LEVEL_6_4,
                RuleId.INPUT_DIMENSION_COUNT_OUT_OF_RANGE, "InputDimensionCount");
        assertOnly(nd(s(2, 2), s(2, 1), s(2, 2), 2, 3), LEVEL_6_4,
                RuleId.INDICES_DIMENSION_COUNT_OUT_OF_RANGE, "IndicesDimensionCount");
        assertOnly(nd(s(2, 2), s(2, 1), s(2, 2), 1L << 32, 2), LEVEL_6_4, RuleId.UINT32_RANGE, "InputDimensionCount");
        assertTrue(message(nd(s(2, 2), s(2, 1), s(2, 2), 3, 2), RuleId.INPUT_DIMENSION_COUNT_OUT_OF_RANGE)
                .contains("3 is out of range [1, 2]"));
    }

    @Test
    void sizesBeforeTheCountedDimensionsMustBe1() {
        // nd_leading_input_not1: in {2,3,3} counted 2; nd_leading_indices_not1: idx {2,2,1} counted 2. Refused.
        assertOnly(nd(s(2, 3, 3), s(1, 2, 1), s(1, 2, 3), 2, 2), LEVEL_6_4,
                RuleId.UNCOUNTED_SIZE_NOT_1, "InputTensor.Sizes[0]");
        assertOnly(nd(s(1, 3, 3), s(2, 2, 1), s(1, 2, 3), 2, 2), LEVEL_6_4,
                RuleId.UNCOUNTED_SIZE_NOT_1, "IndicesTensor.Sizes[0]");
    }

    @Test
    void theTupleIndexesAtMostTheCountedInputDimensionsAfterTheBatch() {
        // nd_q_gt_indc: q 3 > InputDimensionCount 2; nd_q_gt_indc_clean: q 2 > 1. Refused (E_INVALIDARG).
        assertOnly(nd(s(1, 3, 3), s(1, 1, 3), s(1, 1, 1), 2, 1), LEVEL_6_4,
                RuleId.INDEX_TUPLE_TOO_LONG, "IndicesTensor.Sizes[2]");
        assertOnly(nd(s(1, 1, 3), s(1, 2, 2), s(1, 1, 2), 1, 2), LEVEL_6_4,
                RuleId.INDEX_TUPLE_TOO_LONG, "IndicesTensor.Sizes[2]");
        // nd1_b_plus_q_gt_indc: B 1 + q 3 > 3, refused; nd1_b_plus_q_eq_indc: B 1 + q 2 = 3, accepted.
        assertOnly(nd1(s(1, 3, 2, 2), s(1, 3, 2, 3), s(1, 1, 3, 2), 3, 3, 1), LEVEL_6_4,
                RuleId.INDEX_TUPLE_TOO_LONG, "IndicesTensor.Sizes[3]");
        assertOnly(nd1(s(1, 3, 2, 2), s(1, 3, 2, 2), s(1, 1, 3, 2), 3, 3, 1), LEVEL_6_4);
        assertTrue(message(nd1(s(1, 3, 2, 2), s(1, 3, 2, 3), s(1, 1, 3, 2), 3, 3, 1), RuleId.INDEX_TUPLE_TOO_LONG)
                .contains("3 coordinates, more than the 2 input dimensions it can index (InputDimensionCount 3 - "
                        + "BatchDimensionCount 1)"));
    }

    @Test
    void outputSizesAreTheFormulaWithLeading1s() {
        // nd_q_eq_indc_full: {} ++ {} -> {1,1}; nd_q_eq_indc_rows: {4} -> {1,4}; nd_q1_indc1: {3} ++ {} -> {1,1,3};
        // nd_idc1_tuple_only: in {4,5}, idx {1} (count 1): {} ++ {5} -> {1,5}. All accepted.
        assertOnly(nd(s(2, 3), s(1, 2), s(1, 1), 2, 1), LEVEL_6_4);
        assertOnly(nd(s(2, 3), s(4, 2), s(1, 4), 2, 2), LEVEL_6_4);
        assertOnly(nd(s(1, 1, 5), s(1, 3, 1), s(1, 1, 3), 1, 2), LEVEL_6_4);
        assertOnly(nd(s(4, 5), s(1, 1), s(1, 5), 2, 1), LEVEL_6_4);
        // nd_output_leading_not1 ({2,1} for {1,1}) and nd_idc1_tuple_only_wrong ({4,5} for {1,5}): refused.
        assertOnly(nd(s(2, 3), s(1, 2), s(2, 1), 2, 1), LEVEL_6_4, RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        assertOnly(nd(s(4, 5), s(1, 1), s(4, 5), 2, 1), LEVEL_6_4, RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        assertTrue(message(nd(s(4, 5), s(1, 1), s(4, 5), 2, 1), RuleId.SIZES_MISMATCH)
                .contains("expected 1 (a leading 1 that pads the formula; the output formula aligned to 2 dimensions "
                        + "is {1,5}) but got 4"));
    }

    @Test
    void aFormulaLongerThanTheRankIsRefusedNotCropped() {
        // nd_formula_longer_leading1: {1,2} ++ {3,3} has 4 entries for rank 3; GATHER would crop the leading 1,
        // GATHER_ND refuses whatever the output (both probes refused).
        assertOnly(nd(s(1, 3, 3), s(1, 2, 1), s(2, 3, 3), 3, 3), LEVEL_6_4,
                RuleId.OUTPUT_FORMULA_TOO_LONG, "OutputTensor.Sizes");
        assertOnly(nd(s(3, 3, 3), s(2, 2, 1), s(2, 3, 3), 3, 3), LEVEL_6_4,
                RuleId.OUTPUT_FORMULA_TOO_LONG, "OutputTensor.Sizes");
    }

    // --- GATHER_ND1's batch dimensions (§11.3, §11.4) ---

    @Test
    void batchDimensionCountIsBelowBothCounts() {
        // nd1_b_eq_indc (B 3 = InputDimensionCount 3), nd1_b_eq_idc (B 2 = IndicesDimensionCount 2),
        // nd1_b_gt_idc_lt_indc (B 2 > 1): refused, though the docs allow any B below the DimensionCount 4.
        assertOnly(nd1(s(1, 3, 2, 2), s(1, 3, 2, 2), s(1, 1, 3, 2), 3, 3, 3), LEVEL_6_4,
                RuleId.BATCH_DIMENSION_COUNT_OUT_OF_RANGE, "BatchDimensionCount");
        assertOnly(nd1(s(1, 3, 2, 2), s(1, 1, 3, 1), s(1, 1, 1, 3), 3, 2, 2), LEVEL_6_4,
                RuleId.BATCH_DIMENSION_COUNT_OUT_OF_RANGE, "BatchDimensionCount");
        assertOnly(nd1(s(1, 3, 2, 2), s(1, 1, 3, 1), s(1, 1, 1, 3), 3, 1, 2), LEVEL_6_4,
                RuleId.BATCH_DIMENSION_COUNT_OUT_OF_RANGE, "BatchDimensionCount");
        assertOnly(nd1(s(2, 2), s(2, 1), s(2, 2), 2, 2, 1L << 32), LEVEL_6_4,
                RuleId.UINT32_RANGE, "BatchDimensionCount");
        // nd1_b2: two batch dimensions {2,3}, q 1: {2,3,2} ++ {5} = {2,3,2,5}, accepted.
        assertOnly(nd1(s(2, 3, 4, 5), s(2, 3, 2, 1), s(2, 3, 2, 5), 4, 4, 2), LEVEL_6_4);
    }

    @Test
    void unequalBatchSizesAreAcceptedWithAWarning() {
        // nd1_batch_idx_bigger: indices batch 5, input batch 3; the output takes the indices' {5,2}: accepted.
        ValidationResult bigger = assertOnly(nd1(s(1, 3, 2, 2), s(1, 5, 2, 2), s(1, 1, 5, 2), 3, 3, 1), LEVEL_6_4,
                RuleId.BATCH_SIZES_DIFFER, "IndicesTensor.Sizes[1]");
        assertTrue(bigger.isValid());
        assertTrue(bigger.warnings().get(0).message().contains("DirectML.dll 1.15.4 accepts it"));
        // nd1_batch_idx_smaller: 1 against 4, accepted.
        assertTrue(assertOnly(nd1(s(1, 4, 2, 2), s(1, 1, 2, 2), s(1, 1, 1, 2), 3, 3, 1), LEVEL_6_4,
                RuleId.BATCH_SIZES_DIFFER, "IndicesTensor.Sizes[1]").isValid());
        // nd1_batch_idx_bigger_out_input_batch: an output with the input's batch size is refused.
        assertOnly(nd1(s(1, 3, 2, 2), s(1, 5, 2, 2), s(1, 1, 3, 2), 3, 3, 1), LEVEL_6_4,
                RuleId.BATCH_SIZES_DIFFER, "IndicesTensor.Sizes[1]", RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[2]");
        // nd1_b2_differ_both: {3,2} against {2,3}, output {3,2,2,5}: accepted, one warning per batch dimension.
        assertOnly(nd1(s(2, 3, 4, 5), s(3, 2, 2, 1), s(3, 2, 2, 5), 4, 4, 2), LEVEL_6_4,
                RuleId.BATCH_SIZES_DIFFER, "IndicesTensor.Sizes[0]", RuleId.BATCH_SIZES_DIFFER, "IndicesTensor.Sizes[1]");
    }

    private String message(OperatorDesc desc, RuleId rule) {
        return validator.validate(desc, LEVEL_6_4).diagnostics().stream().filter(d -> d.rule() == rule)
                .findFirst().orElseThrow().message();
    }
}

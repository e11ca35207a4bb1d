package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_1_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_3_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_4_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT16;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.FLOAT64;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.INT64;
import static dev.dmlemu.desc.TensorDataType.INT8;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static dev.dmlemu.desc.TensorDataType.UINT64;
import static dev.dmlemu.desc.TensorDataType.UINT8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.RecordedScalarIndexProbes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One test per GATHER rule (docs/directml-behaviour.md §10.3, §10.4). The shapes are the referee's probes (their
 * names in comments) and the docs' examples; each expectation is worked out by hand from the formula
 * {@code F = Input.Sizes[0..Axis) ++ Indices.Sizes[R-k..R) ++ Input.Sizes[Axis+1..R)} and the measured verdict,
 * never taken from the validator.
 */
class GatherRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static GatherOperatorDesc gather(long[] input, long[] indices, long[] output, long axis,
            long indexDimensions) {
        return gather(FLOAT32, UINT32, input, indices, output, axis, indexDimensions);
    }

    private static GatherOperatorDesc gather(TensorDataType dataType, TensorDataType indexType, long[] input,
            long[] indices, long[] output, long axis, long indexDimensions) {
        return new GatherOperatorDesc(BufferTensorDesc.packed(dataType, input),
                BufferTensorDesc.packed(indexType, indices), BufferTensorDesc.packed(dataType, output), axis,
                indexDimensions);
    }

    private static long[] s(long... sizes) {
        return sizes;
    }

    /** Asserts that the only diagnostics are {@code expected} (rule and path pairs), at {@code level}. */
    private ValidationResult assertOnly(GatherOperatorDesc desc, FeatureLevel level, Object... expected) {
        return OnlyDiagnostics.assertOnly(validator, desc, level, expected);
    }

    private String message(GatherOperatorDesc desc, RuleId rule) {
        return validator.validate(desc, LEVEL_6_4).diagnostics().stream().filter(d -> d.rule() == rule)
                .findFirst().orElseThrow().message();
    }

    // --- the docs' examples (measured: each gives the documented output) ---

    @Test
    void theDocsExamplesAreValid() {
        assertOnly(gather(s(4), s(5), s(5), 0, 1), LEVEL_6_4);                         // 1: F = {5}
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 2), 0, 1), LEVEL_6_4);                // 2: F = {4,2}
        assertOnly(gather(s(3, 2), s(1, 2), s(3, 2), 1, 1), LEVEL_6_4);                // 3 with k 1: F = {3,2}
        assertOnly(gather(s(1, 3, 3), s(1, 1, 2), s(3, 1, 2), 2, 2), LEVEL_6_4);       // 4: {1,3,1,2} -> {3,1,2}
        assertOnly(gather(s(1, 3, 2), s(1, 2, 2), s(2, 2, 2), 1, 2), LEVEL_6_4);       // 5: {1,2,2,2} -> {2,2,2}
    }

    @Test
    void theDocsExample3AsPrintedIsRejected() {
        // gather_docs_ex3_as_printed: F = {3} ++ {1,2} = {3,1,2}; aligned to 2 it is {1,2}, not the printed {3,2}.
        GatherOperatorDesc desc = gather(s(3, 2), s(1, 2), s(3, 2), 1, 2);
        assertOnly(desc, LEVEL_6_4, RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, "InputTensor.Sizes[0]",
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        assertEquals("OutputTensor.Sizes[0]: expected 1 (IndicesTensor.Sizes[0]; the output formula aligned to 2 "
                + "dimensions is {1,2}) but got 3", message(desc, RuleId.SIZES_MISMATCH));
    }

    // --- IndexDimensions ---

    @Test
    void indexDimensionsMayEqualTheIndicesRankButNotExceedIt() {
        // g_idxdims_eq_rank_fits: F = {1,1} ++ {1,1,2} = {1,1,1,1,2} -> {1,1,2}. Accepted although the docs say < rank.
        assertOnly(gather(s(1, 1, 3), s(1, 1, 2), s(1, 1, 2), 2, 3), LEVEL_6_4);
        assertOnly(gather(s(3), s(2), s(2), 0, 1), LEVEL_6_4);                         // g_idxdims_eq_rank_1d
        assertOnly(gather(s(1, 3), s(2, 2), s(2, 2), 1, 2), LEVEL_6_4);                // g_idxdims2_rank2_full
        // g_idxdims_gt_rank, g_idxdims_gt_rank_1d, g_idxdims_100, and 2^32 - 1: all E_INVALIDARG.
        GatherOperatorDesc four = gather(s(1, 1, 3), s(1, 1, 2), s(1, 1, 2), 2, 4);
        assertOnly(four, LEVEL_6_4, RuleId.INDEX_DIMENSIONS_OUT_OF_RANGE, "IndexDimensions");
        assertEquals("IndexDimensions: 4 is out of range [0, 3] (IndicesTensor.DimensionCount is 3)",
                message(four, RuleId.INDEX_DIMENSIONS_OUT_OF_RANGE));
        assertOnly(gather(s(3), s(2), s(2), 0, 2), LEVEL_6_4, RuleId.INDEX_DIMENSIONS_OUT_OF_RANGE, "IndexDimensions");
        assertOnly(gather(s(1, 1, 3), s(1, 1, 2), s(1, 1, 2), 2, 100), LEVEL_6_4,
                RuleId.INDEX_DIMENSIONS_OUT_OF_RANGE, "IndexDimensions");
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 2), 0, 0xFFFF_FFFFL), LEVEL_6_4,
                RuleId.INDEX_DIMENSIONS_OUT_OF_RANGE, "IndexDimensions");
        // Not a UINT at all.
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 2), 0, 1L << 32), LEVEL_6_4, RuleId.UINT32_RANGE, "IndexDimensions");
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 2), 0, -1), LEVEL_6_4, RuleId.UINT32_RANGE, "IndexDimensions");
    }

    @Test
    void indicesSizesBeforeTheLastIndexDimensionsMustBe1WhateverDirectMlSays() {
        // g_idxdims1_nonmeaningful_dim_not1: F = {4} ++ {2} = {4,2} matches the output; indices {2,4} do not.
        GatherOperatorDesc desc = gather(s(3, 2), s(2, 4), s(4, 2), 0, 1);
        assertOnly(desc, LEVEL_6_4, RuleId.INDICES_LEADING_SIZE_NOT_1, "IndicesTensor.Sizes[0]");
        assertEquals("IndicesTensor.Sizes[0]: expected 1 (the documented rule for dimension 0, before the last "
                + "IndexDimensions 1 of 2) but got 2; DirectML.dll 1.15.4 accepts some of these shapes and gives results "
                + "dmlemu does not model, refuses others, and ends the process on others",
                message(desc, RuleId.INDICES_LEADING_SIZE_NOT_1));
        // Every leading dimension is reported: indices {2,3,1,4} with k 1 on a 4-D input.
        assertOnly(gather(s(1, 1, 1, 5), s(2, 3, 1, 4), s(1, 1, 1, 4), 3, 1), LEVEL_6_4,
                RuleId.INDICES_LEADING_SIZE_NOT_1, "IndicesTensor.Sizes[0]",
                RuleId.INDICES_LEADING_SIZE_NOT_1, "IndicesTensor.Sizes[1]");
        // Measured accepted by DirectML.dll 1.15.4 (outputs not modelled), and measured to end its process: all
        // refused by this rule alone, each output being the formula's.
        assertOnly(gather(s(1, 2, 3, 3), s(1, 2, 1, 1), s(2, 3, 1, 1), 3, 2), LEVEL_6_4,
                RuleId.INDICES_LEADING_SIZE_NOT_1, "IndicesTensor.Sizes[1]");
        assertOnly(gather(s(2, 1, 2), s(1, 2, 1), s(2, 1, 1), 2, 1), LEVEL_6_4,
                RuleId.INDICES_LEADING_SIZE_NOT_1, "IndicesTensor.Sizes[1]");
        assertOnly(gather(s(1, 1, 2), s(2, 1, 2), s(1, 1, 2), 2, 1), LEVEL_6_4,
                RuleId.INDICES_LEADING_SIZE_NOT_1, "IndicesTensor.Sizes[0]");
    }

    // --- OutputTensor.Sizes ---

    @Test
    void outputSizesMustEqualTheAlignedFormula() {
        // All measured E_INVALIDARG; F = {4,2} for input {3,2}, indices {1,4}, Axis 0, k 1.
        assertOnly(gather(s(3, 2), s(1, 4), s(2, 4), 0, 1), LEVEL_6_4,               // g_out_transposed_same_count
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]", RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 3), 0, 1), LEVEL_6_4,               // g_out_bigger
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
        assertOnly(gather(s(3, 2), s(1, 4), s(3, 2), 0, 1), LEVEL_6_4,               // g_out_smaller
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        assertOnly(gather(s(3, 2), s(1, 4), s(1, 4, 2), 0, 1), LEVEL_6_4,            // g_out_rank_mismatch
                RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount");
        // g_out_leading1_moved: {1,3,1,2} -> {3,1,2}, not {1,3,2}. With k 1 the formula is {1,3,2}: accepted.
        assertOnly(gather(s(1, 3, 3), s(1, 1, 2), s(1, 3, 2), 2, 2), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]", RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
        assertOnly(gather(s(1, 3, 3), s(1, 1, 2), s(1, 3, 2), 2, 1), LEVEL_6_4);    // g_out_leading1_moved_idx1
        // k1_in3_out_leading_bigger: F = {1,2}; with k >= 1 OutputTensor.Sizes[0] is checked.
        assertOnly(gather(s(1, 3), s(1, 2), s(2, 2), 1, 1), LEVEL_6_4, RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        // An output with strides is judged on its sizes (g_out_strided, accepted).
        GatherOperatorDesc strided = new GatherOperatorDesc(BufferTensorDesc.packed(FLOAT32, 3, 2),
                BufferTensorDesc.packed(UINT32, 1, 4),
                BufferTensorDesc.strided(FLOAT32, List.of(4L, 2L), List.of(1L, 4L)), 0, 1);
        assertOnly(strided, LEVEL_6_4);
    }

    @Test
    void aCroppedSizeAbove1IsOnlyAWarning() {
        // Measured: DirectML crops the formula's first entries whatever their size, reading index 0 along them.
        // {3} ++ {1,2} = {3,1,2} -> {1,2}: accepted, output 2 1 (input {3,2} = 1..6, indices 1 0).
        ValidationResult result = assertOnly(gather(s(3, 2), s(1, 2), s(1, 2), 1, 2), LEVEL_6_4,
                RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, "InputTensor.Sizes[0]");
        assertTrue(result.isValid());
        assertEquals("InputTensor.Sizes[0]: 3 is cropped from the output formula {3,1,2} (3 dimensions for "
                + "DimensionCount 2); the docs crop only leading 1s, DirectML.dll 1.15.4 crops it anyway and reads only "
                + "index 0 along it", result.warnings().get(0).message());
        // {2,3} ++ {1,2} = {2,3,1,2} -> {3,1,2}: accepted. Removing the 1 instead ({2,3,2}) is rejected.
        assertOnly(gather(s(2, 3, 3), s(1, 1, 2), s(3, 1, 2), 2, 2), LEVEL_6_4,
                RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, "InputTensor.Sizes[0]");
        assertOnly(gather(s(2, 3, 3), s(1, 1, 2), s(2, 3, 2), 2, 2), LEVEL_6_4,
                RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, "InputTensor.Sizes[0]",
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]", RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
        // {2,2,3} ++ {1,1,2} -> {3,1,1,2}: two cropped sizes above 1.
        assertOnly(gather(s(2, 2, 3, 3), s(1, 1, 1, 2), s(3, 1, 1, 2), 3, 3), LEVEL_6_4,
                RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, "InputTensor.Sizes[0]",
                RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, "InputTensor.Sizes[1]");
    }

    // --- IndexDimensions 0 ---

    @Test
    void indexDimensions0PadsTheFormulaWithALeading1() {
        assertOnly(gather(s(1, 3, 2), s(1, 1, 1), s(1, 1, 2), 1, 0), LEVEL_6_4);      // g_idxdims0: {1,2} -> {1,1,2}
        assertOnly(gather(s(3), s(1), s(1), 0, 0), LEVEL_6_4);                         // g_idxdims0_1d_scalar: {} -> {1}
        // The other output dimensions are checked: {2,4} -> {1,2,4}, not {1,3,4} (measured E_INVALIDARG).
        assertOnly(gather(s(2, 3, 4), s(1, 1, 1), s(1, 3, 4), 1, 0), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
    }

    @Test
    void withIndexDimensions0OutputSizes0IsNotCheckedWhichIsAWarning() {
        // k0_out_leading2: input {5}, output {2}, accepted (output 40 50 for index 3).
        ValidationResult result = assertOnly(gather(s(5), s(1), s(2), 0, 0), LEVEL_6_4,
                RuleId.OUTPUT_LEADING_SIZE_UNCHECKED, "OutputTensor.Sizes[0]");
        assertTrue(result.isValid());
        assertEquals("OutputTensor.Sizes[0]: expected 1 (the leading 1 that pads IndexDimensions 0) but got 2; "
                + "DirectML.dll 1.15.4 does not check it, and the output rows past the first repeat it or read past the"
                + " input (docs/directml-behaviour.md §10.5)",
                result.warnings().get(0).message());
        // k0_out_leading2_2d: input {7,2}, Axis 1 -> {1,7}; output {3,7} accepted. Same with Axis 0 and {5,7}.
        assertOnly(gather(s(7, 2), s(1, 1), s(3, 7), 1, 0), LEVEL_6_4,
                RuleId.OUTPUT_LEADING_SIZE_UNCHECKED, "OutputTensor.Sizes[0]");
        assertOnly(gather(s(2, 7), s(1, 1), s(5, 7), 0, 0), LEVEL_6_4,
                RuleId.OUTPUT_LEADING_SIZE_UNCHECKED, "OutputTensor.Sizes[0]");
    }

    /**
     * IndexDimensions 0 with indices sizes other than 1, as DirectML.dll 1.15.4 answered (docs/directml-behaviour.md
     * §10.4); the shapes of the first measurements, written input / Axis / indices / output.
     */
    @Test
    void indexDimensions0WithIndicesThatAreNotAll1sFollowsDirectMl() {
        long[][][] accepted = {
            {s(3, 3), s(1), s(1, 3), s(1, 3)}, {s(1, 3, 3), s(2), s(1, 1, 3), s(1, 1, 3)},
            {s(1, 3), s(1), s(1, 3), s(1, 1)}, {s(2, 3, 3), s(2), s(1, 2, 3), s(1, 2, 3)},
            {s(3, 3), s(1), s(1, 3), s(2, 3)}, {s(1, 3, 3), s(2), s(1, 3, 3), s(1, 1, 3)}};
        long[][][] rejected = {
            {s(2, 3, 3), s(2), s(1, 1, 3), s(1, 2, 3)}, {s(3, 3), s(0), s(1, 3), s(1, 3)},
            {s(1, 3), s(1), s(1, 2), s(1, 1)}, {s(3), s(0), s(2), s(2)}, {s(3), s(0), s(2), s(1)},
            {s(1, 3, 2), s(1), s(1, 1, 2), s(1, 1, 2)}, {s(5, 2), s(1), s(1, 2), s(1, 5)},
            {s(2, 4), s(1), s(1, 4), s(1, 2)}, {s(2, 3, 2), s(2), s(1, 2, 2), s(1, 2, 3)},
            {s(3, 3), s(1), s(2, 3), s(1, 3)}, {s(4, 3), s(1), s(1, 3), s(1, 4)}, {s(1, 3), s(1), s(2, 3), s(1, 1)},
            {s(3, 3), s(1), s(2, 3), s(2, 3)}};
        for (long[][] shape : accepted) {
            ValidationResult result = validator.validate(gather(shape[0], shape[2], shape[3], shape[1][0], 0),
                    LEVEL_6_4);
            assertTrue(result.isValid(), Arrays.deepToString(shape) + ": " + result);
        }
        for (long[][] shape : rejected) {
            ValidationResult result = validator.validate(gather(shape[0], shape[2], shape[3], shape[1][0], 0),
                    LEVEL_6_4);
            String what = Arrays.deepToString(shape) + ": " + result;
            assertFalse(result.isValid(), what);
        }
        // {2,3}/1/{1,3}/{2,2} is refused for its output; the indices alone are refused with this rule.
        assertOnly(gather(s(2, 3), s(1, 3), s(1, 2), 1, 0), LEVEL_6_4, RuleId.SCALAR_INDEX_SIZES_NOT_1,
                "IndicesTensor.Sizes");
        // Issue 27's desc: UINT32 {1,3}, INT32 indices {1,3}, output {1,1}, Axis 1: valid, and each index past the
        // first is never read (the output has no dimension after its leading 1s), which is worth a warning.
        GatherOperatorDesc issue = gather(UINT32, INT32, s(1, 3), s(1, 3), s(1, 1), 1, 0);
        assertOnly(issue, LEVEL_6_4, RuleId.SCALAR_INDICES_MISREAD, "IndicesTensor.Sizes[1]");
        // A desc whose indices match the output dimension they are read along gets no warning.
        assertOnly(gather(s(2, 3, 4), s(1, 1, 2), s(1, 2, 4), 1, 0), LEVEL_6_4);
    }

    @Test
    void indexDimensions0WithIndicesBeyondAxisOrNotTheInputsSizesIsRefused() {
        GatherOperatorDesc desc = gather(s(3, 3), s(1, 3), s(1, 3), 0, 0);
        assertOnly(desc, LEVEL_6_4, RuleId.SCALAR_INDEX_SIZES_NOT_1, "IndicesTensor.Sizes");
        assertEquals("IndicesTensor.Sizes: {1,3} with IndexDimensions 0: after their leading 1s, the indices' sizes {3} "
                + "must be the first sizes of the input's {3,3} after its leading 1s, and at most Axis 0 of them "
                + "(measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §10.4)",
                message(desc, RuleId.SCALAR_INDEX_SIZES_NOT_1));
        // {5,2}: the indices' {2} is not the input's first size 5.
        assertOnly(gather(s(5, 2), s(1, 2), s(1, 5), 1, 0), LEVEL_6_4, RuleId.SCALAR_INDEX_SIZES_NOT_1,
                "IndicesTensor.Sizes");
    }

    /**
     * Measured: when the input has fewer sizes after its leading 1s than the indices, DirectML.dll 1.15.4's
     * CreateOperator ends the process (the referee's {@code {1,1}/1/{1,2}} and {@code {1,1,2}/2/{1,3,3}}).
     */
    @Test
    void indexDimensions0WithMoreIndicesSizesThanTheInputHasIsAFailFast() {
        assertOnly(gather(s(1, 1), s(1, 2), s(1, 1), 1, 0), LEVEL_6_4, RuleId.CREATE_OPERATOR_FAIL_FAST,
                "IndicesTensor.Sizes");
        GatherOperatorDesc desc = gather(s(1, 1, 2), s(1, 3, 3), s(1, 1, 1), 2, 0);
        assertOnly(desc, LEVEL_6_4, RuleId.CREATE_OPERATOR_FAIL_FAST, "IndicesTensor.Sizes");
        assertEquals("IndicesTensor.Sizes: {1,3,3} with IndexDimensions 0: the input has fewer sizes than 2 after its "
                + "leading 1s: DirectML.dll 1.15.4 terminates the process (fail-fast) in CreateOperator for this desc "
                + "instead of refusing it; never send it to a device (measured at DML_FEATURE_LEVEL_6_4, "
                + "docs/directml-behaviour.md §10.4)", message(desc, RuleId.CREATE_OPERATOR_FAIL_FAST));
    }

    /**
     * Every desc of {@link RecordedScalarIndexProbes} (7,140 answers of DirectML.dll 1.15.4's CreateOperator, ranks 1
     * to 8): valid exactly when DirectML accepted it, and refused with CREATE_OPERATOR_FAIL_FAST exactly when it ended
     * the process.
     */
    @Test
    void agreesWithEveryRecordedScalarIndexProbe() {
        List<String> disagreements = new ArrayList<>();
        List<RecordedScalarIndexProbes.Verdict> verdicts = RecordedScalarIndexProbes.verdicts();
        for (RecordedScalarIndexProbes.Verdict verdict : verdicts) {
            ValidationResult result = validator.validate(verdict.desc(), LEVEL_6_4);
            boolean failFast = result.errors().stream().anyMatch(d -> d.rule() == RuleId.CREATE_OPERATOR_FAIL_FAST);
            RecordedScalarIndexProbes.CreateOutcome ours = result.isValid() ? RecordedScalarIndexProbes.CreateOutcome.ACCEPTED
                    : failFast ? RecordedScalarIndexProbes.CreateOutcome.ENDED_THE_PROCESS
                    : RecordedScalarIndexProbes.CreateOutcome.REFUSED;
            if (ours != verdict.outcome()) {
                disagreements.add(verdict.line() + " -> " + result);
            }
        }
        assertEquals(7140, verdicts.size());
        assertTrue(disagreements.isEmpty(), () -> disagreements.size() + " disagreements:\n"
                + String.join("\n", disagreements.subList(0, Math.min(20, disagreements.size()))));
    }

    // --- the heap bug ---

    @Test
    void indexDimensionsMinus1AboveAxisIsValidWithAHeapBugWarning() {
        // g_idxdims2_cropped_leading1: {} ++ {1,4} ++ {2} -> {4,2}, accepted; 2 - 1 > 0.
        GatherOperatorDesc desc = gather(s(3, 2), s(1, 4), s(4, 2), 0, 2);
        ValidationResult result = assertOnly(desc, LEVEL_6_4, RuleId.HEAP_CORRUPTION_BUG, "IndexDimensions");
        assertTrue(result.isValid());
        assertTrue(result.warnings().get(0).message().startsWith("IndexDimensions: IndexDimensions 2 - 1 > Axis 0: "
                + "DirectML.dll 1.15.4 accepts this desc, but its CreateOperator frees an invalid heap block"),
                result::toString);
        // crop_bad_axis0_k3: {} ++ {1,1,1} ++ {1,3} -> {1,1,3}; 3 - 1 > 0.
        assertOnly(gather(FLOAT32, INT32, s(1, 1, 3), s(1, 1, 1), s(1, 1, 3), 0, 3), LEVEL_6_4,
                RuleId.HEAP_CORRUPTION_BUG, "IndexDimensions");
        // crop_control_axis1_k2: {1} ++ {1,4} ++ {2} = {1,1,4,2} -> {1,4,2}; 2 - 1 > 1 is false.
        assertOnly(gather(s(1, 3, 2), s(1, 1, 4), s(1, 4, 2), 1, 2), LEVEL_6_4);
        // A cropped indices size above 1 (accepted, measured alone in its process): both warnings.
        assertOnly(gather(s(3, 2), s(2, 4), s(4, 2), 0, 2), LEVEL_6_4,
                RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, "IndicesTensor.Sizes[0]", RuleId.HEAP_CORRUPTION_BUG, "IndexDimensions");
        // An invalid desc gets no heap-bug warning: DirectML refuses it before anything runs.
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 3), 0, 2), LEVEL_6_4, RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
    }

    // --- the rules GATHER shares with GATHER_ELEMENTS ---

    @Test
    void dimensionCountsDataTypesAndAxis() {
        assertOnly(gather(FLOAT32, UINT32, s(3, 2), s(4), s(4, 2), 0, 1), LEVEL_6_4,      // g_indices_rank_mismatch
                RuleId.DIMENSION_COUNT_MISMATCH, "IndicesTensor.DimensionCount");
        GatherOperatorDesc typeMismatch = new GatherOperatorDesc(BufferTensorDesc.packed(FLOAT32, 3, 2),
                BufferTensorDesc.packed(UINT32, 1, 4), BufferTensorDesc.packed(INT32, 4, 2), 0, 1);
        assertOnly(typeMismatch, LEVEL_6_4, RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType");  // g_out_type_mismatch
        assertOnly(gather(FLOAT32, FLOAT32, s(3, 2), s(1, 4), s(4, 2), 0, 1), LEVEL_6_4,    // g_indices_float
                RuleId.DATA_TYPE_UNSUPPORTED, "IndicesTensor.DataType");
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 2), 2, 1), LEVEL_6_4, RuleId.AXIS_OUT_OF_RANGE, "Axis"); // g_axis_oob
        assertEquals("Axis: 2 is out of range [0, 2) (InputTensor.DimensionCount is 2)",
                message(gather(s(3, 2), s(1, 4), s(4, 2), 2, 1), RuleId.AXIS_OUT_OF_RANGE));
        assertOnly(gather(s(3, 2), s(1, 4), s(4, 2), 1L << 32, 1), LEVEL_6_4, RuleId.UINT32_RANGE, "Axis");
        // 16-bit data: FLOAT16 is in every block (the referee's device refuses it: a device property).
        assertOnly(gather(FLOAT16, UINT32, s(3, 2), s(1, 4), s(4, 2), 0, 1), LEVEL_6_4);
    }

    @Test
    void eachTensorsOwnRulesApplyToGatherToo() {
        // g_zero_size_dim: input {3,0}, output {2,0}. Measured E_INVALIDARG.
        assertOnly(gather(s(3, 0), s(1, 2), s(2, 0), 0, 1), LEVEL_6_4,
                RuleId.ZERO_SIZE, "InputTensor.Sizes[1]", RuleId.ZERO_SIZE, "OutputTensor.Sizes[1]");
        // g_input_bytes_small: 6 FLOAT32 need 24 bytes; 20 is rejected.
        GatherOperatorDesc small = new GatherOperatorDesc(
                BufferTensorDesc.packed(FLOAT32, 3, 2).withTotalTensorSizeInBytes(20),
                BufferTensorDesc.packed(UINT32, 1, 4), BufferTensorDesc.packed(FLOAT32, 4, 2), 0, 1);
        assertOnly(small, LEVEL_6_4, RuleId.TOTAL_SIZE_TOO_SMALL, "InputTensor.TotalTensorSizeInBytes");
        // gather_u8_5_total_bytes_*: UINT8 {5} needs 5 bytes rounded up to 8; 5 and 7 are rejected, 8 accepted.
        for (long total : new long[] {5, 7}) {
            assertOnly(u8Five(total), LEVEL_6_4, RuleId.TOTAL_SIZE_TOO_SMALL, "InputTensor.TotalTensorSizeInBytes");
        }
        assertOnly(u8Five(8), LEVEL_6_4);
        // An output stride of 0 on a dimension of size 4 aliases (the shared OUTPUT_ALIASING rule).
        GatherOperatorDesc alias = new GatherOperatorDesc(BufferTensorDesc.packed(FLOAT32, 3, 2),
                BufferTensorDesc.packed(UINT32, 1, 4), BufferTensorDesc.strided(FLOAT32, List.of(4L, 2L),
                        List.of(0L, 1L)).withTotalTensorSizeInBytes(32), 0, 1);
        assertOnly(alias, LEVEL_6_4, RuleId.OUTPUT_ALIASING, "OutputTensor.Strides[0]");
    }

    private static GatherOperatorDesc u8Five(long inputBytes) {
        return new GatherOperatorDesc(BufferTensorDesc.packed(UINT8, 5).withTotalTensorSizeInBytes(inputBytes),
                BufferTensorDesc.packed(UINT32, 1), BufferTensorDesc.packed(UINT8, 1), 0, 0);
    }

    // --- feature levels ---

    /** Input {1,2,3,3}, Axis 2, indices {1,1,1,2}, k 1: F = {1,2} ++ {2} ++ {3} = {1,2,2,3}. */
    private static GatherOperatorDesc fourD(TensorDataType dataType, TensorDataType indexType) {
        return gather(dataType, indexType, s(1, 2, 3, 3), s(1, 1, 1, 2), s(1, 2, 2, 3), 2, 1);
    }

    @Test
    void lowestLevelPerTheSupportTables() {
        assertEquals(Optional.of(LEVEL_1_0), validator.minimumFeatureLevel(fourD(FLOAT32, UINT32)).level());
        assertEquals(Optional.of(LEVEL_1_0), validator.minimumFeatureLevel(fourD(FLOAT16, UINT32)).level());
        assertEquals(Optional.of(LEVEL_2_1), validator.minimumFeatureLevel(fourD(INT8, UINT32)).level());
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(fourD(FLOAT32, INT64)).level());
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(gather(s(3, 2), s(1, 4), s(4, 2), 0, 1))
                .level());
        assertEquals(Optional.of(LEVEL_4_1), validator.minimumFeatureLevel(fourD(FLOAT64, UINT32)).level());
        assertEquals(Optional.of(LEVEL_4_1), validator.minimumFeatureLevel(fourD(UINT64, INT32)).level());
        for (FeatureLevel level : FeatureLevel.values()) {
            assertEquals(level.isAtLeast(LEVEL_2_1), validator.validate(fourD(INT32, UINT32), level).isValid(),
                    level::cName);
        }
        // At 1_0 INT32 data is named with the level that accepts it.
        Diagnostic diagnostic = assertOnly(fourD(INT32, UINT32), LEVEL_1_0,
                RuleId.DATA_TYPE_UNSUPPORTED, "InputTensor.DataType", RuleId.DATA_TYPE_UNSUPPORTED,
                "OutputTensor.DataType").diagnostics().get(0);
        assertEquals(Optional.of(LEVEL_2_1), diagnostic.acceptedFrom());
        assertEquals("InputTensor.DataType: INT32 is not supported at DML_FEATURE_LEVEL_1_0 (allowed: FLOAT32, "
                + "FLOAT16); INT32 needs DML_FEATURE_LEVEL_2_1", diagnostic.message());
    }

    @Test
    void indexSemanticsFollowLevelAndIndexType() {
        assertEquals(IndexSemantics.UNSIGNED, validator.validate(fourD(FLOAT32, UINT32), LEVEL_1_0).validated()
                .indexSemantics());
        assertEquals(IndexSemantics.SIGNED_WRAP, validator.validate(fourD(FLOAT32, INT32), LEVEL_3_0).validated()
                .indexSemantics());
        assertEquals(IndexSemantics.SIGNED_WRAP, validator.validate(fourD(FLOAT32, INT64), LEVEL_4_1).validated()
                .indexSemantics());
        assertEquals(IndexSemantics.UNSIGNED, validator.validate(fourD(FLOAT32, UINT64), LEVEL_6_4).validated()
                .indexSemantics());
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        GatherOperatorDesc desc = new GatherOperatorDesc(BufferTensorDesc.packed(FLOAT32, 3, 2),
                BufferTensorDesc.packed(UINT32, 2, 4), BufferTensorDesc.packed(INT32, 4, 3), 0, 1);
        assertOnly(desc, LEVEL_6_4, RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType",
                RuleId.INDICES_LEADING_SIZE_NOT_1, "IndicesTensor.Sizes[0]",
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[1]");
    }
}

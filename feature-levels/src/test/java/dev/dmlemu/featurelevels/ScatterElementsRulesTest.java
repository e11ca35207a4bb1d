package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_1_0;
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
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One test per SCATTER_ELEMENTS rule (docs/directml-behaviour.md §12.3). The shapes are the docs' examples and the
 * referee's probes (their names in comments); each expectation is the measured verdict with the diagnostic worked out
 * by hand, never taken from the validator.
 */
class ScatterElementsRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static ScatterElementsOperatorDesc scatter(long[] input, long[] indices, long[] updates, long[] output,
            long axis) {
        return scatter(FLOAT32, UINT32, input, indices, updates, output, axis);
    }

    private static ScatterElementsOperatorDesc scatter(TensorDataType dataType, TensorDataType indexType,
            long[] input, long[] indices, long[] updates, long[] output, long axis) {
        return new ScatterElementsOperatorDesc(BufferTensorDesc.packed(dataType, input),
                BufferTensorDesc.packed(indexType, indices), BufferTensorDesc.packed(dataType, updates),
                BufferTensorDesc.packed(dataType, output), axis);
    }

    private static long[] s(long... sizes) {
        return sizes;
    }

    private ValidationResult assertOnly(OperatorDesc desc, FeatureLevel level, Object... expected) {
        return OnlyDiagnostics.assertOnly(validator, desc, level, expected);
    }

    // --- the docs' examples (measured: `8 6 2 7 4`, and example 2 as printed refused) ---

    @Test
    void theDocsExamplesAreValidAndExample2AsPrintedIsNot() {
        // Example 1: input {5}, indices {4} (with a duplicate), Axis 0.
        assertOnly(scatter(s(5), s(4), s(4), s(5), 0), LEVEL_6_4);
        // Example 2 as printed: InputTensor {2,3}, output {3,3}. The output must be the input's sizes.
        assertOnly(scatter(s(2, 3), s(2, 3), s(2, 3), s(3, 3), 0), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        // Example 2 with the {3,3} input its data has.
        assertOnly(scatter(s(3, 3), s(2, 3), s(2, 3), s(3, 3), 0), LEVEL_6_4);
    }

    // --- support tables and availability (§12.2) ---

    @Test
    void availableFrom1_0AndTheTablesDecideTheLowestLevel() {
        ScatterElementsOperatorDesc fourD = scatter(s(1, 1, 3, 3), s(1, 1, 2, 3), s(1, 1, 2, 3), s(1, 1, 3, 3), 2);
        assertOnly(fourD, LEVEL_1_0);
        assertEquals(Optional.of(LEVEL_1_0), validator.minimumFeatureLevel(fourD).level());
        assertEquals(Optional.of(LEVEL_2_1), validator.minimumFeatureLevel(scatter(INT32, UINT32, s(1, 1, 3, 3),
                s(1, 1, 2, 3), s(1, 1, 2, 3), s(1, 1, 3, 3), 2)).level());
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(scatter(FLOAT32, INT64, s(1, 1, 3, 3),
                s(1, 1, 2, 3), s(1, 1, 2, 3), s(1, 1, 3, 3), 2)).level());
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(scatter(s(5), s(4), s(4), s(5), 0))
                .level());
        assertEquals(Optional.of(LEVEL_4_1), validator.minimumFeatureLevel(scatter(FLOAT64, UINT32, s(5), s(4),
                s(4), s(5), 0)).level());
        assertOnly(scatter(s(5), s(4), s(4), s(5), 0), LEVEL_2_1,
                RuleId.DIMENSION_COUNT_UNSUPPORTED, "InputTensor.DimensionCount",
                RuleId.DIMENSION_COUNT_UNSUPPORTED, "IndicesTensor.DimensionCount",
                RuleId.DIMENSION_COUNT_UNSUPPORTED, "UpdatesTensor.DimensionCount",
                RuleId.DIMENSION_COUNT_UNSUPPORTED, "OutputTensor.DimensionCount");
    }

    @Test
    void signedIndicesWrapFrom3_0() {
        assertEquals(IndexSemantics.SIGNED_WRAP, validator.validate(scatter(FLOAT32, INT32, s(2, 3), s(2, 2),
                s(2, 2), s(2, 3), 1), LEVEL_3_0).indexSemantics());
        assertEquals(IndexSemantics.UNSIGNED, validator.validate(scatter(s(1, 1, 2, 3), s(1, 1, 2, 2),
                s(1, 1, 2, 2), s(1, 1, 2, 3), 3), LEVEL_2_1).indexSemantics());
    }

    // --- structural rules (§12.3) ---

    @Test
    void indicesMayBeShorterOrEqualAlongTheAxisButNotLonger() {
        assertOnly(scatter(s(3, 3), s(1, 3), s(1, 3), s(3, 3), 0), LEVEL_6_4);
        assertOnly(scatter(s(3, 3), s(3, 3), s(3, 3), s(3, 3), 1), LEVEL_6_4);
        // s_indices_bigger_axis: {5,3} into {3,3} along Axis 0.
        ValidationResult bigger = assertOnly(scatter(s(3, 3), s(5, 3), s(5, 3), s(3, 3), 0), LEVEL_6_4,
                RuleId.INDICES_AXIS_SIZE_ABOVE_INPUT, "IndicesTensor.Sizes[0]");
        assertEquals("IndicesTensor.Sizes[0]: 5 is above 3 (InputTensor.Sizes[0], along Axis 0); the docs leave the "
                + "axis size free, DirectML.dll 1.15.4 refuses larger indices", bigger.errors().get(0).message());
        // s_indices_axis_longer_than_input: {6} into {4}.
        assertOnly(scatter(s(4), s(6), s(6), s(4), 0), LEVEL_6_4,
                RuleId.INDICES_AXIS_SIZE_ABOVE_INPUT, "IndicesTensor.Sizes[0]");
    }

    @Test
    void indicesOffTheAxisHaveTheInputsSizes() {
        // s_nonaxis_smaller: {2,2} into {3,3} along Axis 0: dimension 1 is 2, not 3.
        ValidationResult smaller = assertOnly(scatter(s(3, 3), s(2, 2), s(2, 2), s(3, 3), 0), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes[1]");
        assertEquals("IndicesTensor.Sizes[1]: expected 3 (InputTensor.Sizes[1], dimension 1 is not Axis 0) but got 2",
                smaller.errors().get(0).message());
        assertOnly(scatter(s(3, 3), s(1, 4), s(1, 4), s(3, 3), 0), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes[1]");
    }

    @Test
    void updatesHaveTheIndicesSizesAndTheOutputTheInputs() {
        // s_updates_sizes_mismatch, s_output_sizes_mismatch.
        assertOnly(scatter(s(3, 3), s(1, 3), s(2, 3), s(3, 3), 0), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "UpdatesTensor.Sizes[0]");
        ValidationResult output = assertOnly(scatter(s(3, 3), s(1, 3), s(1, 3), s(1, 3), 0), LEVEL_6_4,
                RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        assertEquals("OutputTensor.Sizes[0]: expected 3 (InputTensor.Sizes[0]) but got 1",
                output.errors().get(0).message());
    }

    @Test
    void oneDimensionCountTheInputsDataTypeAndAnAxisInRange() {
        assertOnly(scatter(s(3, 3), s(1, 3), s(1, 1, 3), s(3, 3), 0), LEVEL_6_4,
                RuleId.DIMENSION_COUNT_MISMATCH, "UpdatesTensor.DimensionCount");
        assertOnly(scatter(s(3, 3), s(1, 1, 3), s(1, 3), s(3, 3), 0), LEVEL_6_4,
                RuleId.DIMENSION_COUNT_MISMATCH, "IndicesTensor.DimensionCount");
        // s_updates_type_mismatch: INT32 updates for FLOAT32 data.
        ScatterElementsOperatorDesc updatesType = new ScatterElementsOperatorDesc(BufferTensorDesc.packed(FLOAT32, 3,
                3), BufferTensorDesc.packed(UINT32, 1, 3), BufferTensorDesc.packed(INT32, 1, 3),
                BufferTensorDesc.packed(FLOAT32, 3, 3), 0);
        assertOnly(updatesType, LEVEL_6_4, RuleId.DATA_TYPE_MISMATCH, "UpdatesTensor.DataType");
        // s_axis_oob: Axis 2 of a 2-D input.
        assertOnly(scatter(s(3, 3), s(1, 3), s(1, 3), s(3, 3), 2), LEVEL_6_4, RuleId.AXIS_OUT_OF_RANGE, "Axis");
        assertOnly(scatter(FLOAT32, FLOAT32, s(3, 3), s(1, 3), s(1, 3), s(3, 3), 0), LEVEL_6_4,
                RuleId.DATA_TYPE_UNSUPPORTED, "IndicesTensor.DataType");
    }

    @Test
    void duplicateTargetsAreNotADescProperty() {
        // Every index may name the same element: nothing in the desc says so, so nothing is reported.
        ValidationResult result = assertOnly(scatter(s(1, 4), s(1, 4), s(1, 4), s(1, 4), 1), LEVEL_6_4);
        assertTrue(result.isValid());
    }
}

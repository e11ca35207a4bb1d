package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.INT8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.Padding1OperatorDesc;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.PaddingOperatorDesc;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PADDING and PADDING1 (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll 1.15.4's
 * CreateOperator gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out by hand.
 */
class PaddingRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static PaddingOperatorDesc padding(PaddingMode mode, long[] in, long[] out, List<Long> start,
            List<Long> end) {
        return new PaddingOperatorDesc(BufferTensorDesc.packed(FLOAT32, in), BufferTensorDesc.packed(FLOAT32, out),
                mode, 0f, start.size(), start, end);
    }

    private static Padding1OperatorDesc padding1(TensorDataType type, TensorDataType valueType, long in, long out) {
        return new Padding1OperatorDesc(BufferTensorDesc.packed(type, in), BufferTensorDesc.packed(type, out),
                PaddingMode.CONSTANT, valueType, ScalarUnion.of(valueType, 7), 1, List.of(1L), List.of(0L));
    }

    private ValidationResult assertOnly(OperatorDesc desc, Object... expected) {
        ValidationResult result = validator.validate(desc, LEVEL_6_4);
        List<String> actual = result.diagnostics().stream().map(d -> d.rule() + " " + d.path()).toList();
        List<String> wanted = new ArrayList<>();
        for (int i = 0; i < expected.length; i += 2) {
            wanted.add(expected[i] + " " + expected[i + 1]);
        }
        assertEquals(wanted, actual, result::toString);
        result.diagnostics().forEach(d -> assertTrue(d.message().startsWith(d.path() + ": "), d.message()));
        return result;
    }

    @Test
    void theOutputIsTheInputPlusBothPaddings() {
        assertOnly(padding(PaddingMode.CONSTANT, new long[] {2, 3}, new long[] {3, 5}, List.of(1L, 0L),
                List.of(0L, 2L))); // S_OK
        ValidationResult wrong = assertOnly(padding(PaddingMode.CONSTANT, new long[] {2, 3}, new long[] {3, 6},
                List.of(1L, 0L), List.of(0L, 2L)), RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[1]"); // E_INVALIDARG
        assertEquals("OutputTensor.Sizes[1]: expected 5 (InputTensor.Sizes + StartPadding + EndPadding = 3 + 0 + 2) "
                + "but got 6", wrong.errors().get(0).message());
    }

    @Test
    void noModeLimitsThePaddingAtCreateOperator() {
        // S_OK: reflecting a single element five times on each side (as for every mode in the 1-D grid).
        assertOnly(padding(PaddingMode.REFLECTION, new long[] {1}, new long[] {11}, List.of(5L), List.of(5L)));
        assertOnly(padding(PaddingMode.WRAP, new long[] {2}, new long[] {12}, List.of(5L), List.of(5L))); // S_OK
        assertOnly(padding(PaddingMode.SYMMETRIC, new long[] {1}, new long[] {12}, List.of(5L), List.of(5L)),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[0]"); // E_INVALIDARG
    }

    @Test
    void onePaddingPerDimension() {
        // E_INVALIDARG: the neutral desc of the first campaign, one padding for four dimensions.
        assertOnly(padding(PaddingMode.CONSTANT, new long[] {1, 1, 1, 1}, new long[] {1, 1, 1, 1}, List.of(0L),
                List.of(0L)), RuleId.PER_DIMENSION_COUNT_MISMATCH, "DimensionCount");
    }

    @Test
    void padding1sValueHasTheTensorsDataType() {
        assertOnly(padding1(INT8, INT8, 2, 3)); // S_OK
        assertOnly(padding1(FLOAT32, FLOAT32, 2, 3)); // S_OK
        ValidationResult mismatch = assertOnly(padding1(FLOAT32, INT32, 2, 3), // E_INVALIDARG
                RuleId.VALUE_DATA_TYPE_MISMATCH, "PaddingValueDataType");
        assertEquals("PaddingValueDataType: expected FLOAT32 (InputTensor.DataType) but got INT32",
                mismatch.errors().get(0).message());
        assertOnly(padding1(INT32, FLOAT32, 2, 3), RuleId.VALUE_DATA_TYPE_MISMATCH, "PaddingValueDataType"); // E_INVALIDARG
    }
}

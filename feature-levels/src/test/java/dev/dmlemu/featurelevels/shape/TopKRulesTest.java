package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.desc.TopKOperatorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TOP_K and TOP_K1 (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll 1.15.4's CreateOperator
 * gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out by hand.
 */
class TopKRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static TopKOperatorDesc topK(long[] in, long[] values, long[] indices, long axis, long k) {
        return new TopKOperatorDesc(BufferTensorDesc.packed(FLOAT32, in), BufferTensorDesc.packed(FLOAT32, values),
                BufferTensorDesc.packed(UINT32, indices), axis, k);
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
    void bothOutputsAreTheInputWithKAlongTheAxis() {
        long[] in = {2, 5, 3};
        assertOnly(topK(in, new long[] {2, 2, 3}, new long[] {2, 2, 3}, 1, 2)); // S_OK
        assertOnly(topK(in, new long[] {2, 5, 3}, new long[] {2, 5, 3}, 1, 5)); // S_OK: K is the whole axis
        assertOnly(new TopK1OperatorDesc(BufferTensorDesc.packed(FLOAT32, in), BufferTensorDesc.packed(FLOAT32, 2, 5,
                1), BufferTensorDesc.packed(UINT32, 2, 5, 1), 2, 1, AxisDirection.INCREASING)); // S_OK
        ValidationResult wrong = assertOnly(topK(in, new long[] {2, 2, 3}, new long[] {2, 3, 3}, 1, 2),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputIndexTensor.Sizes"); // E_INVALIDARG
        assertEquals("OutputIndexTensor.Sizes: expected [2, 2, 3] (InputTensor.Sizes with K along Axis 1) but got "
                + "[2, 3, 3]", wrong.errors().get(0).message());
    }

    @Test
    void kIsFromOneToTheAxisSizeAndAxisADimension() {
        long[] in = {2, 5, 3};
        assertOnly(topK(in, new long[] {2, 6, 3}, new long[] {2, 6, 3}, 1, 6), // E_INVALIDARG
                RuleId.K_OUT_OF_RANGE, "K");
        assertOnly(topK(in, new long[] {2, 1, 3}, new long[] {2, 1, 3}, 1, 0), // E_INVALIDARG
                RuleId.K_OUT_OF_RANGE, "K", RuleId.OUTPUT_SIZES_MISMATCH, "OutputValueTensor.Sizes",
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputIndexTensor.Sizes");
        assertOnly(topK(in, new long[] {2, 5, 3}, new long[] {2, 5, 3}, 3, 1), // E_INVALIDARG
                RuleId.AXIS_OUT_OF_RANGE, "Axis");
    }
}

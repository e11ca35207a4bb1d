package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OneHotOperatorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ONE_HOT (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll 1.15.4's CreateOperator gave the
 * same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out by hand.
 */
class OneHotRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static OneHotOperatorDesc oneHot(long[] indices, long[] values, long[] output, long axis) {
        return new OneHotOperatorDesc(BufferTensorDesc.packed(UINT32, indices), BufferTensorDesc.packed(FLOAT32,
                values), BufferTensorDesc.packed(FLOAT32, output), axis);
    }

    private ValidationResult assertOnly(OneHotOperatorDesc desc, Object... expected) {
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
    void theIndicesAreTheOutputWithOneAlongTheAxis() {
        assertOnly(oneHot(new long[] {3, 1}, new long[] {1, 2}, new long[] {3, 4}, 1)); // S_OK: depth 4
        assertOnly(oneHot(new long[] {1}, new long[] {2}, new long[] {1}, 0)); // S_OK: depth 1
        ValidationResult wrong = assertOnly(oneHot(new long[] {3, 4}, new long[] {1, 2}, new long[] {3, 4}, 1),
                RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes[1]"); // E_INVALIDARG
        assertEquals("IndicesTensor.Sizes[1]: expected 1 (1 along Axis) but got 4", wrong.errors().get(0).message());
        assertOnly(oneHot(new long[] {3, 1}, new long[] {1, 2}, new long[] {3, 4}, 2), // E_INVALIDARG
                RuleId.AXIS_OUT_OF_RANGE, "Axis");
    }

    @Test
    void theValuesHoldAtLeastOffAndOn() {
        // S_OK: three values along the first dimension; only their count is checked.
        assertOnly(oneHot(new long[] {1, 4}, new long[] {3, 1}, new long[] {5, 4}, 0));
        assertOnly(oneHot(new long[] {3, 1}, new long[] {1, 1}, new long[] {3, 4}, 1), // E_INVALIDARG
                RuleId.ONE_HOT_VALUES_TOO_FEW, "ValuesTensor.Sizes");
    }
}

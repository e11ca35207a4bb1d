package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * JOIN and SPLIT along Axis (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll 1.15.4's
 * CreateOperator gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out by hand.
 */
class ConcatenationRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc t(long... sizes) {
        return BufferTensorDesc.packed(FLOAT32, sizes);
    }

    private static JoinOperatorDesc join(BufferTensorDesc output, long axis, BufferTensorDesc... inputs) {
        return new JoinOperatorDesc(inputs.length, List.<TensorDesc>of(inputs), output, axis);
    }

    private static SplitOperatorDesc split(BufferTensorDesc input, long axis, BufferTensorDesc... outputs) {
        return new SplitOperatorDesc(input, outputs.length, List.<TensorDesc>of(outputs), axis);
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
    void joinSumsTheAxisAndKeepsTheOtherSizes() {
        assertOnly(join(t(2, 5), 1, t(2, 2), t(2, 3))); // S_OK
        assertOnly(join(t(2, 2, 3), 1, t(2, 2, 3))); // S_OK: one input
        ValidationResult sum = assertOnly(join(t(2, 6), 1, t(2, 2), t(2, 3)), // E_INVALIDARG
                RuleId.AXIS_SIZE_NOT_SUM, "OutputTensor.Sizes[1]");
        assertEquals("OutputTensor.Sizes[1]: expected 5 (the sum of InputTensors.Sizes[1], along Axis) but got 6",
                sum.errors().get(0).message());
        assertOnly(join(t(2, 5), 1, t(2, 2), t(3, 3)), // E_INVALIDARG
                RuleId.SIZES_MISMATCH, "InputTensors[1].Sizes[0]");
        assertOnly(join(t(2, 5), 2, t(2, 2), t(2, 3)), RuleId.AXIS_OUT_OF_RANGE, "Axis"); // E_INVALIDARG
    }

    @Test
    void splitPartsSumToTheInputAlongTheAxis() {
        assertOnly(split(t(4, 3), 0, t(1, 3), t(3, 3))); // S_OK
        assertOnly(split(t(4, 3), 0, t(1, 3), t(2, 3)), // E_INVALIDARG
                RuleId.AXIS_SIZE_NOT_SUM, "InputTensor.Sizes[0]");
        assertOnly(split(t(4, 3), 0, t(1, 3), t(3, 2)), // E_INVALIDARG
                RuleId.SIZES_MISMATCH, "OutputTensors[1].Sizes[1]");
        assertOnly(split(t(4, 3), 5, t(1, 3), t(3, 3)), RuleId.AXIS_OUT_OF_RANGE, "Axis"); // E_INVALIDARG
    }
}

package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ArgmaxOperatorDesc;
import dev.dmlemu.desc.ArgminOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ARGMIN and ARGMAX (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll 1.15.4's
 * CreateOperator gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out by hand.
 */
class ArgReduceRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static ArgminOperatorDesc argmin(long[] in, long[] out, List<Long> axes) {
        return new ArgminOperatorDesc(BufferTensorDesc.packed(FLOAT32, in), BufferTensorDesc.packed(UINT32, out),
                axes.size(), axes, AxisDirection.INCREASING);
    }

    private static ArgmaxOperatorDesc argmax(long[] in, long[] out, List<Long> axes) {
        return new ArgmaxOperatorDesc(BufferTensorDesc.packed(FLOAT32, in), BufferTensorDesc.packed(UINT32, out),
                axes.size(), axes, AxisDirection.DECREASING);
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
    void theOutputIsTheInputWithOneOnEachListedAxis() {
        long[] in = {2, 3, 4};
        assertOnly(argmin(in, new long[] {2, 1, 4}, List.of(1L))); // S_OK
        assertOnly(argmax(in, new long[] {1, 3, 1}, List.of(2L, 0L, 2L))); // S_OK: a repeated axis
        ValidationResult wrong = assertOnly(argmax(in, new long[] {2, 1, 4}, List.of(1L, 2L)), // E_INVALIDARG
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
        assertEquals("OutputTensor.Sizes: expected [2, 1, 1] (InputTensor.Sizes with 1 on each of Axes [1, 2]) but got "
                + "[2, 1, 4]", wrong.errors().get(0).message());
    }

    @Test
    void noAxesReduceNothing() {
        long[] in = {2, 3, 4};
        assertOnly(argmin(in, new long[] {2, 3, 4}, List.of())); // S_OK
        assertOnly(argmax(in, new long[] {2, 3, 1}, List.of()), // E_INVALIDARG
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
    }

    @Test
    void everyAxisIsADimension() {
        // E_INVALIDARG: the neutral desc of the first campaign, Axes {1} of a 1-D input.
        assertOnly(argmin(new long[] {3}, new long[] {1}, List.of(1L)), RuleId.AXIS_OUT_OF_RANGE, "Axes[0]");
    }
}

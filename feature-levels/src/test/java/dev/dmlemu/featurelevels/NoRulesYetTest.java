package dev.dmlemu.featurelevels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.PopulatedDescs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An operator whose desc is mirrored but whose rules are not written yet gets one diagnostic saying so; a NULL tensor
 * where an operator with rules requires one is a diagnostic too, never a crash.
 */
class NoRulesYetTest {

    private static final BufferTensorDesc T = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3);

    @Test
    void theValidatorSaysItHasNoRulesRatherThanFailing() {
        assertFalse(FeatureLevelValidator.hasRules(OperatorType.REVERSE_SUBSEQUENCES));
        assertTrue(FeatureLevelValidator.hasRules(OperatorType.GATHER_ELEMENTS));
        ValidationResult result = new FeatureLevelValidator().validate(PopulatedDescs.of(OperatorType.REVERSE_SUBSEQUENCES),
                FeatureLevel.LEVEL_4_1);
        assertFalse(result.isValid());
        assertEquals(1, result.diagnostics().size());
        Diagnostic only = result.diagnostics().get(0);
        assertEquals(RuleId.NO_RULES_YET, only.rule());
        assertEquals("Type", only.path());
        assertTrue(only.message().startsWith("Type: no rules for DML_OPERATOR_REVERSE_SUBSEQUENCES yet"), only.message());
        MinimumFeatureLevel minimum = new FeatureLevelValidator().minimumFeatureLevel(
                PopulatedDescs.of(OperatorType.REVERSE_SUBSEQUENCES));
        assertTrue(minimum.level().isEmpty());
        assertEquals(List.of(RuleId.NO_RULES_YET), minimum.reasons().stream().map(Diagnostic::rule).toList());
    }

    @Test
    void aNullRequiredTensorIsADiagnostic() {
        ValidationResult result = new FeatureLevelValidator().validate(new GatherElementsOperatorDesc(TensorDesc.NULL,
                T.withDataType(TensorDataType.UINT32), T, 2), FeatureLevel.LEVEL_4_1);
        assertFalse(result.isValid());
        Diagnostic first = result.errors().get(0);
        assertEquals(RuleId.TENSOR_TYPE_UNSUPPORTED, first.rule());
        assertEquals("InputTensor", first.path());
        assertEquals("InputTensor: NULL, but the operator requires this tensor (a DML_TENSOR_TYPE_BUFFER desc)",
                first.message());
    }
}

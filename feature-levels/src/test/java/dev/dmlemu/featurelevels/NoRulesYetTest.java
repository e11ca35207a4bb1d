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
import org.junit.jupiter.api.Test;

/**
 * Every mirrored operator has rules, so none gets the diagnostic {@link RuleId#NO_RULES_YET}, kept for an operator
 * added to the schema before its rules; a NULL tensor where an operator requires one is a diagnostic, never a crash.
 */
class NoRulesYetTest {

    private static final BufferTensorDesc T = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3);

    @Test
    void everyOperatorHasRulesSoNoneGetsTheNoRulesDiagnostic() {
        // REVERSE_SUBSEQUENCES, the last without tables, has them since its newest docs page was read (§3.4).
        for (OperatorType type : dev.dmlemu.desc.OperatorDescs.operators()) {
            assertTrue(FeatureLevelValidator.hasRules(type), type.name());
        }
        ValidationResult result = new FeatureLevelValidator().validate(PopulatedDescs.of(OperatorType.REVERSE_SUBSEQUENCES),
                FeatureLevel.LEVEL_4_1);
        assertFalse(result.diagnostics().stream().anyMatch(d -> d.rule() == RuleId.NO_RULES_YET), result::toString);
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

package dev.dmlemu.featurelevels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The debug-layer style messages, checked word for word, and the validated wrapper. */
class MessageFormatTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    // The DirectML docs example in 4-D: Input {1,1,3,3}, Indices {1,1,2,3}, Axis 2.
    private static GatherElementsOperatorDesc docs(TensorDataType indexType) {
        return new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
                BufferTensorDesc.packed(indexType, 1, 1, 2, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);
    }

    @Test
    void indicesTypeMessageNamesAllowedSetAndAcceptingLevel() {
        ValidationResult result = validator.validate(docs(TensorDataType.INT32), FeatureLevel.LEVEL_2_1);
        assertFalse(result.isValid());
        assertEquals(1, result.diagnostics().size(), result::toString);
        Diagnostic diagnostic = result.diagnostics().get(0);
        assertEquals("IndicesTensor.DataType: INT32 is not supported at DML_FEATURE_LEVEL_2_1 (allowed: UINT32); "
                + "INT32 needs DML_FEATURE_LEVEL_3_0", diagnostic.message());
        assertEquals(RuleId.DATA_TYPE_UNSUPPORTED, diagnostic.rule());
        assertEquals("IndicesTensor.DataType", diagnostic.path());
        assertEquals(FeatureLevel.LEVEL_2_1, diagnostic.featureLevel());
        assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), diagnostic.acceptedFrom());
        assertEquals(Severity.ERROR, diagnostic.severity());
    }

    @Test
    void sizesMismatchMessageNamesTheInputSizeAndAxis() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 3);
        ValidationResult result = validator.validate(desc, FeatureLevel.LEVEL_6_4);
        assertEquals(1, result.diagnostics().size(), result::toString);
        assertEquals("IndicesTensor.Sizes[2]: expected 3 (InputTensor.Sizes[2], dimension 2 is not Axis 3) but got 2",
                result.diagnostics().get(0).message());
        assertEquals(RuleId.SIZES_MISMATCH, result.diagnostics().get(0).rule());
        assertEquals(Optional.empty(), result.diagnostics().get(0).acceptedFrom());
    }

    @Test
    void validDescYieldsValidatedOperatorWithIndexSemantics() {
        ValidatedOperator signed = validator.validate(docs(TensorDataType.INT64), FeatureLevel.LEVEL_3_0).validated();
        assertEquals(IndexSemantics.SIGNED_WRAP, signed.indexSemantics());
        assertEquals(FeatureLevel.LEVEL_3_0, signed.featureLevel());
        ValidatedOperator unsigned = validator.validate(docs(TensorDataType.UINT32), FeatureLevel.LEVEL_2_1)
                .validated();
        assertEquals(IndexSemantics.UNSIGNED, unsigned.indexSemantics());
        GatherElementsOperatorDesc desc = docs(TensorDataType.UINT32);
        assertSame(desc, validator.validate(desc, FeatureLevel.LEVEL_2_1).validated().desc());
    }

    @Test
    void invalidDescThrowsWithEveryDiagnostic() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3), 7);
        ValidationResult result = validator.validate(desc, FeatureLevel.LEVEL_6_4);
        ValidationException e = assertThrows(ValidationException.class, result::validated);
        assertEquals(result.diagnostics(), e.diagnostics());
        assertEquals(List.of(RuleId.DATA_TYPE_UNSUPPORTED, RuleId.DATA_TYPE_MISMATCH, RuleId.AXIS_OUT_OF_RANGE),
                e.diagnostics().stream().map(Diagnostic::rule).toList());
        assertTrue(e.getMessage().startsWith(
                "DML_OPERATOR_GATHER_ELEMENTS is not valid at DML_FEATURE_LEVEL_6_4 (3 errors):\n  error "),
                e.getMessage());
        assertTrue(e.getMessage().contains("Axis: 7 is out of range [0, 4) (InputTensor.DimensionCount is 4)"),
                e.getMessage());
    }
}

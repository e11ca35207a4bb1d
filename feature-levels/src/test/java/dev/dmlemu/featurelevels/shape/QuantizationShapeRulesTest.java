package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DequantizeOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.QuantizationType;
import dev.dmlemu.desc.QuantizeOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * QUANTIZE and DEQUANTIZE, on descs whose verdicts were measured on DirectML.dll 1.15.4 (CreateOperator at
 * DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG), docs/directml-behaviour.md §14.5.
 */
class QuantizationShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final long[] INPUT = {4, 6};

    private static BufferTensorDesc of(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static void accepted(OperatorDesc desc) {
        assertEquals(List.of(), VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).diagnostics(), desc.toString());
    }

    private static QuantizeOperatorDesc quantize(QuantizationType type, List<TensorDesc> tensors) {
        return new QuantizeOperatorDesc(of(TensorDataType.FLOAT32, INPUT), type, tensors.size(), tensors,
                of(TensorDataType.UINT8, INPUT));
    }

    private static DequantizeOperatorDesc dequantize(QuantizationType type, List<TensorDesc> tensors) {
        return new DequantizeOperatorDesc(of(TensorDataType.UINT8, INPUT), type, tensors.size(), tensors,
                of(TensorDataType.FLOAT32, INPUT));
    }

    @Test
    void scalesCoverBlocksOfWholeElements() {
        // DirectML.dll 1.15.4: S_OK (2 divides 4, 3 divides 6).
        accepted(quantize(QuantizationType.SCALE, List.of(of(TensorDataType.FLOAT32, 2, 3))));
        accepted(dequantize(QuantizationType.SCALE, List.of(of(TensorDataType.FLOAT32, 4, 6))));
        accepted(quantize(QuantizationType.SCALE_ZERO_POINT, List.of(of(TensorDataType.FLOAT32, 1, 6),
                of(TensorDataType.UINT8, 1, 6))));
        // DirectML.dll 1.15.4: E_INVALIDARG (4 does not divide 6, 3 does not divide 4).
        assertEquals(List.of(RuleId.BLOCK_SIZE_NOT_DIVIDING),
                errors(quantize(QuantizationType.SCALE, List.of(of(TensorDataType.FLOAT32, 1, 4)))));
        assertEquals(List.of(RuleId.BLOCK_SIZE_NOT_DIVIDING),
                errors(dequantize(QuantizationType.SCALE, List.of(of(TensorDataType.FLOAT32, 3, 1)))));
        // DirectML.dll 1.15.4: E_INVALIDARG (the zero point's Sizes differ from the scale's).
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(quantize(QuantizationType.SCALE_ZERO_POINT,
                List.of(of(TensorDataType.FLOAT32, 1, 6), of(TensorDataType.UINT8, 1, 1)))));
    }

    @Test
    void theQuantizationTypeFixesTheTensorsAndTheirDataTypes() {
        // DirectML.dll 1.15.4: E_INVALIDARG for NONE, for SCALE with two tensors, for a UINT8 scale and for an INT8
        // zero point with UINT8 quantized data.
        List<TensorDesc> two = List.of(of(TensorDataType.FLOAT32, 1, 1), of(TensorDataType.UINT8, 1, 1));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(quantize(QuantizationType.NONE, two)));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(dequantize(QuantizationType.SCALE, two)));
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH),
                errors(quantize(QuantizationType.SCALE, List.of(of(TensorDataType.UINT8, 1, 1)))));
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH), errors(dequantize(QuantizationType.SCALE_ZERO_POINT,
                List.of(of(TensorDataType.FLOAT32, 1, 1), of(TensorDataType.INT8, 1, 1)))));
    }
}

package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DynamicQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseDequantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseQuantizedLinearAddOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ELEMENT_WISE_QUANTIZE_LINEAR, ELEMENT_WISE_DEQUANTIZE_LINEAR, ELEMENT_WISE_QUANTIZED_LINEAR_ADD and
 * DYNAMIC_QUANTIZE_LINEAR, on descs whose verdicts were measured on DirectML.dll 1.15.4 (CreateOperator at
 * DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG), docs/directml-behaviour.md §14.5. An accepted desc has no
 * diagnostic at all: the verdicts carry no SHAPE_RULES_NOT_CHECKED.
 */
class QuantizeLinearShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final TensorDataType F32 = TensorDataType.FLOAT32;
    private static final TensorDataType U8 = TensorDataType.UINT8;
    private static final TensorDataType I8 = TensorDataType.INT8;
    private static final long[] DATA = {2, 3};
    private static final long[] ONE = {1, 1};

    private static BufferTensorDesc of(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    private static BufferTensorDesc broadcast(TensorDataType type, long... strides) {
        return BufferTensorDesc.strided(type, List.of(2L, 3L), List.of(strides[0], strides[1]));
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).distinct()
                .toList();
    }

    private static void accepted(OperatorDesc desc) {
        assertEquals(List.of(), VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).diagnostics(), desc.toString());
    }

    private static ElementWiseQuantizedLinearAddOperatorDesc add(BufferTensorDesc a, BufferTensorDesc b,
            BufferTensorDesc output, TensorDesc aScale, TensorDesc outputZeroPoint) {
        return new ElementWiseQuantizedLinearAddOperatorDesc(a, aScale, of(a.dataType(), ONE), b, of(F32, ONE),
                TensorDesc.NULL, of(F32, ONE), outputZeroPoint, output);
    }

    @Test
    void quantizeLinearScalesHaveTheInputsSizesAndBroadcastByZeroStrides() {
        // S_OK: one value (Strides {0, 0}), one per column (Strides {0, 1}), one per element.
        accepted(new ElementWiseQuantizeLinearOperatorDesc(of(F32, DATA), broadcast(F32, 0, 0), broadcast(U8, 0, 0),
                of(U8, DATA)));
        accepted(new ElementWiseDequantizeLinearOperatorDesc(of(U8, DATA), broadcast(F32, 0, 1), broadcast(U8, 0, 1),
                of(F32, DATA)));
        accepted(new ElementWiseQuantizeLinearOperatorDesc(of(TensorDataType.INT32, DATA), of(F32, DATA),
                TensorDesc.NULL, of(I8, DATA)));
        // E_INVALIDARG: the same scales with the broadcast dimensions' sizes 1 instead, and an output of other Sizes.
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(new ElementWiseQuantizeLinearOperatorDesc(of(F32, DATA),
                of(F32, ONE), TensorDesc.NULL, of(U8, DATA))));
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(new ElementWiseDequantizeLinearOperatorDesc(of(U8, DATA),
                of(F32, 1, 3), of(U8, 1, 3), of(F32, DATA))));
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(new ElementWiseQuantizeLinearOperatorDesc(of(F32, DATA),
                of(F32, DATA), of(U8, ONE), of(U8, DATA))));
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(new ElementWiseDequantizeLinearOperatorDesc(of(U8, DATA),
                of(F32, DATA), TensorDesc.NULL, of(F32, 2, 4))));
    }

    @Test
    void quantizedLinearAddTakesOneSizesForItsDataAndOneValuePerScale() {
        // S_OK, with every mix of INT8 and UINT8 between A, B and the output, and A broadcast by Strides {0, 1}.
        accepted(add(of(U8, DATA), of(I8, DATA), of(U8, DATA), of(F32, ONE), of(U8, ONE)));
        accepted(add(of(I8, DATA), of(U8, DATA), of(I8, DATA), of(F32, ONE), TensorDesc.NULL));
        accepted(add(broadcast(U8, 0, 1), of(U8, DATA), of(U8, DATA), of(F32, ONE), TensorDesc.NULL));
        // E_INVALIDARG: B or A broadcast by Sizes, an output of other Sizes.
        assertEquals(List.of(RuleId.SIZES_MISMATCH),
                errors(add(of(U8, DATA), of(U8, 1, 3), of(U8, DATA), of(F32, ONE), TensorDesc.NULL)));
        assertEquals(List.of(RuleId.SIZES_MISMATCH),
                errors(add(of(U8, 1, 3), of(U8, DATA), of(U8, DATA), of(F32, ONE), TensorDesc.NULL)));
        assertEquals(List.of(RuleId.SIZES_MISMATCH),
                errors(add(of(U8, DATA), of(U8, DATA), of(U8, 2, 4), of(F32, ONE), TensorDesc.NULL)));
        // E_INVALIDARG: a scale of A's Sizes, packed or broadcast from one value by zero Strides; a zero point of 3.
        assertEquals(List.of(RuleId.QUANTIZATION_SIZES_MISMATCH),
                errors(add(of(U8, DATA), of(U8, DATA), of(U8, DATA), of(F32, DATA), TensorDesc.NULL)));
        assertEquals(List.of(RuleId.QUANTIZATION_SIZES_MISMATCH),
                errors(add(of(U8, DATA), of(U8, DATA), of(U8, DATA), broadcast(F32, 0, 0), TensorDesc.NULL)));
        assertEquals(List.of(RuleId.QUANTIZATION_SIZES_MISMATCH),
                errors(add(of(U8, DATA), of(U8, DATA), of(U8, DATA), of(F32, ONE), of(U8, 1, 3))));
    }

    @Test
    void dynamicQuantizeLinearWritesOneScaleAndZeroPointAndTheInputsSizes() {
        // S_OK, the scale's Strides free (a single element).
        accepted(new DynamicQuantizeLinearOperatorDesc(of(F32, DATA), of(U8, DATA), of(F32, ONE), of(U8, ONE)));
        accepted(new DynamicQuantizeLinearOperatorDesc(of(F32, DATA), of(I8, DATA),
                BufferTensorDesc.strided(F32, List.of(1L, 1L), List.of(5L, 5L)), of(I8, ONE)));
        // E_INVALIDARG.
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(new DynamicQuantizeLinearOperatorDesc(of(F32, DATA),
                of(U8, 2, 4), of(F32, ONE), of(U8, ONE))));
        assertEquals(List.of(RuleId.QUANTIZATION_SIZES_MISMATCH), errors(new DynamicQuantizeLinearOperatorDesc(
                of(F32, DATA), of(U8, DATA), of(F32, 1, 3), of(U8, ONE))));
        assertEquals(List.of(RuleId.QUANTIZATION_SIZES_MISMATCH), errors(new DynamicQuantizeLinearOperatorDesc(
                of(F32, DATA), of(U8, DATA), of(F32, ONE), of(U8, DATA))));
    }
}

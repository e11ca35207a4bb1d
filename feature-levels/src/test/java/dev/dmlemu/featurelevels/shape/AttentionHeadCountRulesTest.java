package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.MultiheadAttention1OperatorDesc;
import dev.dmlemu.desc.MultiheadAttentionMaskType;
import dev.dmlemu.desc.MultiheadAttentionOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Attention head counts of 0, on descs whose verdicts were measured on DirectML.dll 1.15.4 (CreateOperator at
 * DML_FEATURE_LEVEL_6_4), docs/directml-behaviour.md §14.5.
 */
class AttentionHeadCountRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static MultiheadAttentionOperatorDesc attention(long heads) {
        return MultiheadAttentionOperatorDesc.builder().queryTensor(f32(1, 2, 4)).keyTensor(f32(1, 2, 4))
                .valueTensor(f32(1, 2, 4)).outputTensor(f32(1, 2, 4)).scale(1f)
                .maskType(MultiheadAttentionMaskType.NONE).headCount(heads).build();
    }

    private static MultiheadAttention1OperatorDesc separate(long queryHeads, long keyValueHeads) {
        return MultiheadAttention1OperatorDesc.builder().queryTensor(f32(1, 2, 4)).keyTensor(f32(1, 2, 4))
                .valueTensor(f32(1, 2, 4)).outputTensor(f32(1, 2, 4)).scale(1f)
                .maskType(MultiheadAttentionMaskType.NONE).queryHeadCount(queryHeads)
                .keyValueHeadCount(keyValueHeads).build();
    }

    private static MultiheadAttention1OperatorDesc stacked(long queryHeads, long keyValueHeads) {
        return MultiheadAttention1OperatorDesc.builder().stackedQueryKeyValueTensor(f32(1, 2, 1, 3, 4))
                .outputTensor(f32(1, 2, 4)).scale(1f).maskType(MultiheadAttentionMaskType.NONE)
                .queryHeadCount(queryHeads).keyValueHeadCount(keyValueHeads).build();
    }

    @Test
    void aZeroHeadCountEndsTheProcess() {
        // DirectML.dll 1.15.4: S_OK with one head.
        assertEquals(List.of(), errors(attention(1)));
        assertEquals(List.of(), errors(separate(1, 1)));
        assertEquals(List.of(), errors(stacked(1, 1)));
        // DirectML.dll 1.15.4: the process ends (0xc0000094, integer division by zero).
        assertEquals(List.of(RuleId.CREATE_OPERATOR_FAIL_FAST), errors(attention(0)));
        assertEquals(List.of(RuleId.CREATE_OPERATOR_FAIL_FAST), errors(separate(1, 0)));
        assertEquals(List.of(RuleId.CREATE_OPERATOR_FAIL_FAST), errors(stacked(0, 0)));
        // DirectML.dll 1.15.4: E_INVALIDARG (one head count 0, stacked query, key and value).
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(stacked(0, 1)));
    }
}

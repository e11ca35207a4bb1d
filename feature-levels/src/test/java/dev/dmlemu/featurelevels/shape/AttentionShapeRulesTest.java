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
 * MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1 shapes, on descs whose verdicts were measured on DirectML.dll 1.15.4
 * (CreateOperator at DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG), docs/directml-behaviour.md §14.5. Batch 2,
 * query sequence 3, key sequence 4, two heads, head size 3, value head size 5 unless said otherwise.
 */
class AttentionShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static BufferTensorDesc i32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.INT32, sizes);
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static MultiheadAttentionOperatorDesc.Builder separate(long[] query, long[] key, long[] value,
            long[] output) {
        return MultiheadAttentionOperatorDesc.builder().queryTensor(f32(query)).keyTensor(f32(key))
                .valueTensor(f32(value)).outputTensor(f32(output)).scale(1f).maskFilterValue(-10000f).headCount(2)
                .maskType(MultiheadAttentionMaskType.NONE);
    }

    private static MultiheadAttentionOperatorDesc.Builder separate() {
        return separate(new long[] {2, 3, 6}, new long[] {2, 4, 6}, new long[] {2, 4, 10}, new long[] {2, 3, 10});
    }

    private static MultiheadAttention1OperatorDesc.Builder grouped(long queryHeads, long keyValueHeads) {
        return MultiheadAttention1OperatorDesc.builder().scale(1f).maskFilterValue(-10000f)
                .queryHeadCount(queryHeads).keyValueHeadCount(keyValueHeads)
                .maskType(MultiheadAttentionMaskType.NONE);
    }

    @Test
    void theQueryKeyAndValueComeFromOneLayout() {
        // S_OK: separate, and each stacked layout.
        assertEquals(List.of(), errors(separate().build()));
        assertEquals(List.of(), errors(MultiheadAttentionOperatorDesc.builder().stackedQueryKeyTensor(
                f32(2, 3, 2, 2, 3)).valueTensor(f32(2, 3, 10)).outputTensor(f32(2, 3, 10)).scale(1f).headCount(2)
                .maskType(MultiheadAttentionMaskType.NONE).build()));
        assertEquals(List.of(), errors(MultiheadAttentionOperatorDesc.builder().queryTensor(f32(2, 3, 6))
                .stackedKeyValueTensor(f32(2, 4, 2, 2, 3)).outputTensor(f32(2, 3, 6)).scale(1f).headCount(2)
                .maskType(MultiheadAttentionMaskType.NONE).build()));
        // E_INVALIDARG: a stacked query, key and value beside the separate ones.
        assertEquals(List.of(RuleId.ATTENTION_LAYOUT_INVALID), errors(separate()
                .stackedQueryKeyValueTensor(f32(2, 3, 2, 3, 3)).build()));
    }

    @Test
    void hiddenSizesSplitIntoHeadsAndTheQueryHeadSizeIsRoundedDown() {
        // S_OK: a query hidden size of 5 over two heads is a head size of 2, the key's 4 / 2.
        assertEquals(List.of(), errors(separate(new long[] {1, 2, 5}, new long[] {1, 2, 4}, new long[] {1, 2, 4},
                new long[] {1, 2, 4}).build()));
        // E_INVALIDARG: query 3 (head size 1) against key 4 (2); key 3, not a multiple of the two heads; the output
        // hidden size other than the value's.
        assertEquals(List.of(RuleId.ATTENTION_HEAD_SIZES_MISMATCH), errors(separate(new long[] {1, 2, 3},
                new long[] {1, 2, 4}, new long[] {1, 2, 4}, new long[] {1, 2, 4}).build()));
        assertEquals(List.of(RuleId.ATTENTION_HEAD_SIZES_MISMATCH), errors(separate(new long[] {1, 2, 3},
                new long[] {1, 2, 3}, new long[] {1, 2, 4}, new long[] {1, 2, 4}).build()));
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(separate(new long[] {1, 2, 4},
                new long[] {1, 2, 4}, new long[] {1, 2, 4}, new long[] {1, 2, 6}).build()));
    }

    @Test
    void queryKeyValueAndOutputShareOneDimensionCount() {
        // S_OK: all four with a leading 1; E_INVALIDARG: the query alone.
        assertEquals(List.of(), errors(separate(new long[] {1, 2, 3, 6}, new long[] {1, 2, 4, 6},
                new long[] {1, 2, 4, 10}, new long[] {1, 2, 3, 10}).build()));
        assertEquals(List.of(RuleId.DIMENSION_COUNT_MISMATCH), errors(separate(new long[] {1, 2, 3, 6},
                new long[] {2, 4, 6}, new long[] {2, 4, 10}, new long[] {2, 3, 10}).build()));
    }

    @Test
    void pastPresentAndBiasTensorsFollowTheFormulas() {
        // S_OK: past key and value [2, 2, 2, *], present [2, 2, 6, *]; the present key alone; the bias 6 + 6 + 10;
        // the relative position bias [2, 2, 3, 4].
        assertEquals(List.of(), errors(separate().pastKeyTensor(f32(2, 2, 2, 3)).pastValueTensor(f32(2, 2, 2, 5))
                .outputPresentKeyTensor(f32(2, 2, 6, 3)).outputPresentValueTensor(f32(2, 2, 6, 5)).build()));
        assertEquals(List.of(), errors(separate().outputPresentKeyTensor(f32(2, 2, 4, 3)).build()));
        assertEquals(List.of(), errors(separate().biasTensor(f32(22)).relativePositionBiasTensor(f32(2, 2, 3, 4))
                .build()));
        // E_INVALIDARG: the past key without the past value; a bias of 21.
        assertEquals(List.of(RuleId.REQUIRED_TENSOR_MISSING), errors(separate().pastKeyTensor(f32(2, 2, 2, 3))
                .build()));
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(separate().biasTensor(f32(21)).build()));
    }

    @Test
    void theMaskFollowsItsType() {
        // S_OK: KEY_SEQUENCE_LENGTH [1, 2], BOOLEAN [2, 2, 3, 4]; E_INVALIDARG: [2], a BOOLEAN mask broadcast over
        // heads [2, 1, 3, 4], any mask with NONE.
        assertEquals(List.of(), errors(separate().maskTensor(i32(1, 2))
                .maskType(MultiheadAttentionMaskType.KEY_SEQUENCE_LENGTH).build()));
        assertEquals(List.of(), errors(separate().maskTensor(i32(2, 2, 3, 4))
                .maskType(MultiheadAttentionMaskType.BOOLEAN).build()));
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(separate().maskTensor(i32(2))
                .maskType(MultiheadAttentionMaskType.KEY_SEQUENCE_LENGTH).build()));
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(separate().maskTensor(i32(2, 1, 3, 4))
                .maskType(MultiheadAttentionMaskType.BOOLEAN).build()));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(separate().maskTensor(i32(1, 2)).build()));
    }

    @Test
    void groupedQueryHeadsAreAMultipleOfTheKeyValueHeads() {
        // S_OK: 4 query heads over 2 key/value heads.
        assertEquals(List.of(), errors(grouped(4, 2).queryTensor(f32(1, 2, 8)).keyTensor(f32(1, 2, 4))
                .valueTensor(f32(1, 2, 4)).outputTensor(f32(1, 2, 8)).build()));
        // E_INVALIDARG: 3 over 2; a stacked query and key with 2 over 1; a FLOAT32 PastSequenceLengthsTensor.
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(grouped(3, 2).queryTensor(f32(1, 2, 6))
                .keyTensor(f32(1, 2, 4)).valueTensor(f32(1, 2, 4)).outputTensor(f32(1, 2, 6)).build()));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(grouped(2, 1)
                .stackedQueryKeyTensor(f32(1, 2, 2, 2, 2)).valueTensor(f32(1, 2, 2)).outputTensor(f32(1, 2, 4)).build()));
        assertEquals(List.of(RuleId.DATA_TYPE_UNSUPPORTED), errors(grouped(2, 2).queryTensor(f32(2, 2, 4))
                .keyTensor(f32(2, 2, 4)).valueTensor(f32(2, 2, 4)).outputTensor(f32(2, 2, 4))
                .pastSequenceLengthsTensor(f32(2)).build()));
    }
}

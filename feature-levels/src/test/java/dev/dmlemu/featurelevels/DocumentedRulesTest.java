package dev.dmlemu.featurelevels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The rules read from data, judged against the DirectML docs pages: DML_GEMM_OPERATOR_DESC (tables 1_0 and 4_0,
 * "ATensor, BTensor, CTensor and OutputTensor must have the same DataType and DimensionCount", "CTensor and
 * OutputTensor must have the same Sizes"), DML_JOIN_OPERATOR_DESC (InputCount is the array's length) and the fused
 * activations page (ELEMENT_WISE_CLIP from 6_0).
 */
class DocumentedRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static GemmOperatorDesc gemm(TensorDesc a, TensorDesc b, TensorDesc c, TensorDesc out,
            Optional<OperatorDesc> fused) {
        return new GemmOperatorDesc(a, b, c, out, MatrixTransform.NONE, MatrixTransform.NONE, 1f, 0f, fused);
    }

    private static List<RuleId> rules(OperatorDesc desc, FeatureLevel level) {
        return VALIDATOR.validate(desc, level).errors().stream().map(Diagnostic::rule).toList();
    }

    @Test
    void gemmFollowsItsTablesAndConstraints() {
        GemmOperatorDesc twoD = gemm(f32(2, 3), f32(3, 4), TensorDesc.NULL, f32(2, 4), Optional.empty());
        assertEquals(List.of(), rules(twoD, FeatureLevel.LEVEL_4_0));
        assertEquals(List.of(RuleId.DIMENSION_COUNT_UNSUPPORTED, RuleId.DIMENSION_COUNT_UNSUPPORTED,
                RuleId.DIMENSION_COUNT_UNSUPPORTED), rules(twoD, FeatureLevel.LEVEL_3_1));
        assertEquals(Optional.of(FeatureLevel.LEVEL_4_0), VALIDATOR.minimumFeatureLevel(twoD).level());

        GemmOperatorDesc mixed = gemm(f32(2, 3), f32(3, 4).withDataType(TensorDataType.FLOAT16), f32(2, 4),
                f32(2, 5), Optional.empty());
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH, RuleId.SIZES_MISMATCH), rules(mixed, FeatureLevel.LEVEL_6_4));

        GemmOperatorDesc ints = gemm(f32(2, 3).withDataType(TensorDataType.INT32), f32(3, 4), TensorDesc.NULL,
                f32(2, 4), Optional.empty());
        assertTrue(rules(ints, FeatureLevel.LEVEL_6_4).contains(RuleId.DATA_TYPE_UNSUPPORTED));
    }

    @Test
    void joinsCountIsItsArraysLength() {
        JoinOperatorDesc join = new JoinOperatorDesc(3, List.of(f32(1, 2), f32(1, 3)), f32(1, 5), 1);
        ValidationResult result = VALIDATOR.validate(join, FeatureLevel.LEVEL_6_4);
        assertEquals(List.of(RuleId.ARRAY_COUNT_MISMATCH), result.errors().stream().map(Diagnostic::rule).toList());
        assertEquals("InputCount", result.errors().get(0).path());
        JoinOperatorDesc int8 = new JoinOperatorDesc(2, List.of(f32(1, 2), f32(1, 3).withDataType(
                TensorDataType.INT8)), f32(1, 5), 1);
        assertEquals("InputTensors[1].DataType", VALIDATOR.validate(int8, FeatureLevel.LEVEL_6_4).errors().get(0)
                .path());
    }

    @Test
    void aFusedActivationIsOneTheOperatorListsAtALevelThatHasIt() {
        OperatorDesc clip = new ElementWiseClipOperatorDesc(TensorDesc.NULL, TensorDesc.NULL, Optional.empty(), 0f,
                6f);
        GemmOperatorDesc clipped = gemm(f32(2, 3), f32(3, 4), TensorDesc.NULL, f32(2, 4), Optional.of(clip));
        assertEquals(List.of(), rules(clipped, FeatureLevel.LEVEL_6_0));
        assertEquals(List.of(RuleId.FUSED_ACTIVATION_UNSUPPORTED), rules(clipped, FeatureLevel.LEVEL_5_2));
        assertEquals(Optional.of(FeatureLevel.LEVEL_6_0), VALIDATOR.minimumFeatureLevel(clipped).level());

        OperatorDesc join = new JoinOperatorDesc(0, List.of(), TensorDesc.NULL, 0);
        assertEquals(List.of(RuleId.FUSED_ACTIVATION_UNSUPPORTED), rules(gemm(f32(2, 3), f32(3, 4), TensorDesc.NULL,
                f32(2, 4), Optional.of(join)), FeatureLevel.LEVEL_6_4));

        OperatorDesc withTensors = new ActivationLinearOperatorDesc(f32(2, 4), f32(2, 4), 1f, 0f);
        assertEquals(List.of(RuleId.FUSED_ACTIVATION_UNSUPPORTED, RuleId.FUSED_ACTIVATION_UNSUPPORTED),
                rules(gemm(f32(2, 3), f32(3, 4), TensorDesc.NULL, f32(2, 4), Optional.of(withTensors)),
                        FeatureLevel.LEVEL_6_4));
    }
}

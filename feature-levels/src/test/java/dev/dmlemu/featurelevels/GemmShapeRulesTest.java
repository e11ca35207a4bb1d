package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * GEMM's shape rules (docs/directml-behaviour.md §14.2). Every verdict is DirectML.dll 1.15.4's CreateOperator on the
 * same desc (S_OK or E_INVALIDARG, as each comment says); the diagnostics are worked out by hand.
 */
class GemmShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static GemmOperatorDesc gemm(BufferTensorDesc a, boolean transA, BufferTensorDesc b, boolean transB,
            TensorDesc c, BufferTensorDesc output) {
        return new GemmOperatorDesc(a, b, c, output, transA ? MatrixTransform.TRANSPOSE : MatrixTransform.NONE,
                transB ? MatrixTransform.TRANSPOSE : MatrixTransform.NONE, 1f, 1f, Optional.empty());
    }

    private void assertOnly(GemmOperatorDesc desc, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, LEVEL_6_4, expected);
    }

    @Test
    void theOutputIsTheProductOfAAndB() {
        // S_OK: [2, 3] x [3, 4] = [2, 4], with and without C.
        assertOnly(gemm(f32(2, 3), false, f32(3, 4), false, TensorDesc.NULL, f32(2, 4)));
        assertOnly(gemm(f32(2, 3), false, f32(3, 4), false, f32(2, 4), f32(2, 4)));
        // E_INVALIDARG: output [2, 5], [1, 4].
        assertOnly(gemm(f32(2, 3), false, f32(3, 4), false, TensorDesc.NULL, f32(2, 5)),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
        assertOnly(gemm(f32(2, 3), false, f32(3, 4), false, TensorDesc.NULL, f32(1, 4)),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
    }

    @Test
    void theInnerSizesAgreeAfterTheTransposes() {
        // E_INVALIDARG: K 3 in A, 2 in B.
        assertOnly(gemm(f32(2, 3), false, f32(2, 4), false, TensorDesc.NULL, f32(2, 4)),
                RuleId.MATRIX_INNER_SIZES_MISMATCH, "BTensor.Sizes");
        // S_OK: A [3, 2] transposed; B [4, 3] transposed.
        assertOnly(gemm(f32(3, 2), true, f32(3, 4), false, TensorDesc.NULL, f32(2, 4)));
        assertOnly(gemm(f32(2, 3), false, f32(4, 3), true, TensorDesc.NULL, f32(2, 4)));
        // E_INVALIDARG: the same B [4, 3] without TransB.
        assertOnly(gemm(f32(2, 3), false, f32(4, 3), false, TensorDesc.NULL, f32(2, 4)),
                RuleId.MATRIX_INNER_SIZES_MISMATCH, "BTensor.Sizes");
    }

    @Test
    void theBatchSizesAreEqualNotBroadcast() {
        // S_OK: batch [2, 3] everywhere.
        assertOnly(gemm(f32(2, 3, 2, 3), false, f32(2, 3, 3, 4), false, TensorDesc.NULL, f32(2, 3, 2, 4)));
        // E_INVALIDARG: a batch size of 1 in A or in B is not broadcast.
        assertOnly(gemm(f32(1, 3, 2, 3), false, f32(2, 3, 3, 4), false, TensorDesc.NULL, f32(2, 3, 2, 4)),
                RuleId.BATCH_SIZES_MISMATCH, "ATensor.Sizes");
        assertOnly(gemm(f32(2, 3, 2, 3), false, f32(2, 1, 3, 4), false, TensorDesc.NULL, f32(2, 3, 2, 4)),
                RuleId.BATCH_SIZES_MISMATCH, "BTensor.Sizes");
        // E_INVALIDARG: the output's batch differs from both inputs'.
        assertOnly(gemm(f32(2, 3, 2, 3), false, f32(2, 3, 3, 4), false, TensorDesc.NULL, f32(2, 1, 2, 4)),
                RuleId.BATCH_SIZES_MISMATCH, "ATensor.Sizes",
                RuleId.BATCH_SIZES_MISMATCH, "BTensor.Sizes");
    }
}

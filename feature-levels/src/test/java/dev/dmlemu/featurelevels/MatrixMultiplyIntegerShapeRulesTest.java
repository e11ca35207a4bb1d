package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import org.junit.jupiter.api.Test;

/**
 * MATRIX_MULTIPLY_INTEGER's shape rules (docs/directml-behaviour.md §14.2). Every verdict is DirectML.dll 1.15.4's
 * CreateOperator on the same desc (S_OK or E_INVALIDARG, as each comment says); the diagnostics are worked out by hand.
 */
class MatrixMultiplyIntegerShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc i8(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.INT8, sizes);
    }

    private static MatrixMultiplyIntegerOperatorDesc mmi(BufferTensorDesc a, TensorDesc aZeroPoint,
            BufferTensorDesc b, TensorDesc bZeroPoint, long... output) {
        return new MatrixMultiplyIntegerOperatorDesc(a, aZeroPoint, b, bZeroPoint,
                BufferTensorDesc.packed(TensorDataType.INT32, output));
    }

    private void assertOnly(MatrixMultiplyIntegerOperatorDesc desc, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, LEVEL_6_4, expected);
    }

    @Test
    void theOutputIsTheProductOfAAndB() {
        // S_OK: [2, 3] x [3, 4] = [2, 4]; E_INVALIDARG: B [2, 4].
        assertOnly(mmi(i8(2, 3), TensorDesc.NULL, i8(3, 4), TensorDesc.NULL, 2, 4));
        assertOnly(mmi(i8(2, 3), TensorDesc.NULL, i8(2, 4), TensorDesc.NULL, 2, 4),
                RuleId.MATRIX_INNER_SIZES_MISMATCH, "BTensor.Sizes");
    }

    @Test
    void dimensionCountsMayDifferWithTheBatchReadAfterLeadingOnes() {
        // S_OK: A [1, 2, 3] x B [3, 4] = [1, 2, 4]; A [1, 2, 2, 3] x B [2, 3, 4] = [2, 2, 4] (the docs ask for one
        // DimensionCount; DirectML reads each as 4-D with leading 1s).
        assertOnly(mmi(i8(1, 2, 3), TensorDesc.NULL, i8(3, 4), TensorDesc.NULL, 1, 2, 4));
        assertOnly(mmi(i8(1, 2, 2, 3), TensorDesc.NULL, i8(2, 3, 4), TensorDesc.NULL, 2, 2, 4));
        // E_INVALIDARG: A's batch 2 against B's none; A's batch 1 against B's 2 (not broadcast).
        assertOnly(mmi(i8(2, 2, 3), TensorDesc.NULL, i8(3, 4), TensorDesc.NULL, 2, 2, 4),
                RuleId.BATCH_SIZES_MISMATCH, "BTensor.Sizes");
        assertOnly(mmi(i8(1, 2, 3), TensorDesc.NULL, i8(2, 3, 4), TensorDesc.NULL, 2, 2, 4),
                RuleId.BATCH_SIZES_MISMATCH, "ATensor.Sizes");
    }

    @Test
    void aZeroPointIsOneValueOrOnePerRowOfAOrColumnOfB() {
        // S_OK: A's [2, 1] (per row) and B's [4] (per column); [1] and [1, 1, 1, 1].
        assertOnly(mmi(i8(2, 3), i8(2, 1), i8(3, 4), i8(4), 2, 4));
        assertOnly(mmi(i8(2, 3), i8(1), i8(3, 4), i8(1, 1, 1, 1), 2, 4));
        // E_INVALIDARG: A's [2] (a column), B's [4, 1] (a row), A's own sizes, B's with a batch of 2.
        assertOnly(mmi(i8(2, 3), i8(2), i8(3, 4), TensorDesc.NULL, 2, 4),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "AZeroPointTensor.Sizes");
        assertOnly(mmi(i8(2, 3), TensorDesc.NULL, i8(3, 4), i8(4, 1), 2, 4),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "BZeroPointTensor.Sizes");
        assertOnly(mmi(i8(2, 3), i8(2, 3), i8(3, 4), TensorDesc.NULL, 2, 4),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "AZeroPointTensor.Sizes");
        assertOnly(mmi(i8(2, 2, 3), TensorDesc.NULL, i8(2, 3, 4), i8(2, 1, 4), 2, 2, 4),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "BZeroPointTensor.Sizes");
    }
}

package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrix1OperatorDesc;
import dev.dmlemu.desc.DiagonalMatrixOperatorDesc;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DIAGONAL_MATRIX and DIAGONAL_MATRIX1 (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll
 * 1.15.4's CreateOperator gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out by
 * hand.
 */
class DiagonalMatrixRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static DiagonalMatrix1OperatorDesc diagonal(long[] in, TensorDataType valueType, int begin, int end) {
        return new DiagonalMatrix1OperatorDesc(in == null ? TensorDesc.NULL : BufferTensorDesc.packed(FLOAT32, in),
                BufferTensorDesc.packed(FLOAT32, 3, 4), valueType, ScalarUnion.of(valueType, 1), begin, end);
    }

    private List<String> diagnostics(DiagonalMatrix1OperatorDesc desc) {
        return validator.validate(desc, LEVEL_6_4).diagnostics().stream().map(d -> d.rule() + " " + d.path())
                .toList();
    }

    @Test
    void theValueHasTheOutputsTypeAndTheInputItsSizes() {
        assertEquals(List.of(), diagnostics(diagonal(null, FLOAT32, 0, 2))); // S_OK
        assertEquals(List.of("VALUE_DATA_TYPE_MISMATCH ValueDataType"), diagnostics(diagonal(null, INT32, 0, 1))); // E_INVALIDARG
        assertEquals(List.of(), diagnostics(diagonal(new long[] {3, 4}, FLOAT32, 0, 1))); // S_OK
        assertEquals(List.of("SIZES_MISMATCH InputTensor.Sizes[1]"),
                diagnostics(diagonal(new long[] {3, 5}, FLOAT32, 0, 1))); // E_INVALIDARG
    }

    @Test
    void theDiagonalRangeIsNotChecked() {
        // S_OK: a begin past the end (an empty range) and past the matrix.
        assertEquals(List.of(), diagnostics(diagonal(new long[] {3, 4}, FLOAT32, 4, -2)));
    }

    @Test
    void theFirstVersionTakesAnyOffsetAndValue() {
        // S_OK for each: Offsets at INT's ends, far outside the matrix; NaN, infinities and values an integer output
        // cannot hold.
        List<DiagonalMatrixOperatorDesc> descs = List.of(
                new DiagonalMatrixOperatorDesc(BufferTensorDesc.packed(TensorDataType.INT8, 2, 1, 3, 2),
                        Integer.MIN_VALUE, 300f),
                new DiagonalMatrixOperatorDesc(BufferTensorDesc.packed(TensorDataType.INT8, 2, 1, 3, 2),
                        Integer.MIN_VALUE, Float.NaN),
                new DiagonalMatrixOperatorDesc(BufferTensorDesc.packed(TensorDataType.UINT8, 3, 3), Integer.MAX_VALUE,
                        -1f),
                new DiagonalMatrixOperatorDesc(BufferTensorDesc.packed(FLOAT32, 1, 1), 5, Float.POSITIVE_INFINITY));
        for (DiagonalMatrixOperatorDesc desc : descs) {
            assertEquals(List.of(), validator.validate(desc, LEVEL_6_4).diagnostics(), desc.toString());
        }
    }
}

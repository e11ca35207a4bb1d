package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerToFloatOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.QuantizedLinearAveragePoolingOperatorDesc;
import dev.dmlemu.desc.QuantizedLinearConvolutionOperatorDesc;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shape rules of QUANTIZED_LINEAR_CONVOLUTION, QUANTIZED_LINEAR_AVERAGE_POOLING, QUANTIZED_LINEAR_MATRIX_MULTIPLY
 * and MATRIX_MULTIPLY_INTEGER_TO_FLOAT (docs/directml-behaviour.md §14.2). Every verdict is DirectML.dll 1.15.4's
 * CreateOperator on the same desc (S_OK or E_INVALIDARG, as each comment says); the diagnostics are worked out by
 * hand.
 */
class QuantizedShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc tensor(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    private static BufferTensorDesc i8(long... sizes) {
        return tensor(TensorDataType.INT8, sizes);
    }

    private static BufferTensorDesc f32(long... sizes) {
        return tensor(TensorDataType.FLOAT32, sizes);
    }

    private void assertOnly(OperatorDesc desc, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, LEVEL_6_4, expected);
    }

    /** A 2x2 convolution of [1, 2, 3, 3] into [1, 4, 2, 2], per-tensor scales unless changed. */
    private static QuantizedLinearConvolutionOperatorDesc.Builder convolution() {
        return QuantizedLinearConvolutionOperatorDesc.builder().inputTensor(i8(1, 2, 3, 3))
                .inputScaleTensor(f32(1, 1, 1, 1)).filterTensor(i8(4, 2, 2, 2)).filterScaleTensor(f32(1, 1, 1, 1))
                .outputScaleTensor(f32(1, 1, 1, 1)).outputTensor(i8(1, 4, 2, 2)).dimensionCount(2)
                .strides(List.of(1L, 1L)).dilations(List.of(1L, 1L)).startPadding(List.of(0L, 0L))
                .endPadding(List.of(0L, 0L)).groupCount(1);
    }

    @Test
    void theConvolutionSharesConvolutionShape() {
        // S_OK: the desc; E_INVALIDARG: GroupCount 0, another output batch, a bias of [1, 1, 1, 1] for 4 channels.
        assertOnly(convolution().build());
        assertOnly(convolution().groupCount(0).build(), RuleId.GROUP_COUNT_INVALID, "GroupCount");
        assertOnly(convolution().outputTensor(i8(2, 4, 2, 2)).build(), RuleId.OUTPUT_SIZES_MISMATCH,
                "OutputTensor.Sizes");
        assertOnly(convolution().biasTensor(tensor(TensorDataType.INT32, 1, 1, 1, 1)).build(),
                RuleId.BIAS_SIZES_MISMATCH, "BiasTensor.Sizes");
    }

    @Test
    void theConvolutionsTensorsMayDifferInDimensionCount() {
        // S_OK: a 3-D input and output with a 4-D filter; a 3-D bias [1, 4, 1] with 4-D tensors (the docs ask for one
        // DimensionCount).
        assertOnly(convolution().inputTensor(i8(1, 2, 3)).outputTensor(i8(1, 4, 2)).build());
        assertOnly(convolution().biasTensor(tensor(TensorDataType.INT32, 1, 4, 1)).build());
    }

    @Test
    void theConvolutionsScalesHoldOneValueButTheFilterOnePerOutputChannel() {
        // S_OK: input scale [1], filter scale [1, 4] or [1, 4, 1, 1]; E_INVALIDARG: input scale [1, 2, 1, 1] (one per
        // input channel), filter scale [4] or [4, 1, 1, 1], output scale [1, 4, 1, 1].
        assertOnly(convolution().inputScaleTensor(f32(1)).filterScaleTensor(f32(1, 4)).build());
        assertOnly(convolution().filterScaleTensor(f32(1, 4, 1, 1)).build());
        assertOnly(convolution().inputScaleTensor(f32(1, 2, 1, 1)).build(),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "InputScaleTensor.Sizes");
        assertOnly(convolution().filterScaleTensor(f32(4)).build(),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "FilterScaleTensor.Sizes");
        assertOnly(convolution().filterScaleTensor(f32(4, 1, 1, 1)).build(),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "FilterScaleTensor.Sizes");
        assertOnly(convolution().outputScaleTensor(f32(1, 4, 1, 1)).build(),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "OutputScaleTensor.Sizes");
    }

    @Test
    void aZeroPointHasItsScalesSizes() {
        // S_OK: [1] with [1], [1, 4] with [1, 4]; E_INVALIDARG: a zero point [1, 1, 1, 1] with a scale [1, 1] (the
        // same one value at another DimensionCount), [1, 1, 1, 1] with a per-channel [1, 4, 1, 1].
        assertOnly(convolution().inputScaleTensor(f32(1)).inputZeroPointTensor(i8(1)).build());
        assertOnly(convolution().filterScaleTensor(f32(1, 4)).filterZeroPointTensor(i8(1, 4)).build());
        assertOnly(convolution().inputScaleTensor(f32(1, 1)).inputZeroPointTensor(i8(1, 1, 1, 1)).build(),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "InputZeroPointTensor.Sizes");
        assertOnly(convolution().filterScaleTensor(f32(1, 4, 1, 1)).filterZeroPointTensor(i8(1, 1, 1, 1)).build(),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "FilterZeroPointTensor.Sizes");
        assertOnly(convolution().outputScaleTensor(f32(1)).outputZeroPointTensor(i8(1, 1, 1, 1)).build(),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "OutputZeroPointTensor.Sizes");
    }

    private static QuantizedLinearAveragePoolingOperatorDesc pooling(TensorDesc inputScale, TensorDesc inputZeroPoint,
            BufferTensorDesc output) {
        List<Long> twos = List.of(2L, 2L);
        List<Long> zeros = List.of(0L, 0L);
        return new QuantizedLinearAveragePoolingOperatorDesc(i8(1, 3, 4, 4), inputScale, inputZeroPoint,
                f32(1, 1, 1, 1), TensorDesc.NULL, output, 2, twos, twos, zeros, zeros, List.of(1L, 1L), false);
    }

    @Test
    void theQuantizedPoolingChecksItsZeroPointsAndOutputTypeButNotItsScales() {
        // S_OK: scales [1, 3, 1, 1], [1, 2, 1, 1] and [3, 1, 1, 1] over three channels; [1, 3] with [1, 3].
        assertOnly(pooling(f32(1, 3, 1, 1), TensorDesc.NULL, i8(1, 3, 2, 2)));
        assertOnly(pooling(f32(1, 2, 1, 1), TensorDesc.NULL, i8(1, 3, 2, 2)));
        assertOnly(pooling(f32(3, 1, 1, 1), TensorDesc.NULL, i8(1, 3, 2, 2)));
        assertOnly(pooling(f32(1, 3), i8(1, 3), i8(1, 3, 2, 2)));
        // E_INVALIDARG: a zero point [1, 1, 1, 1] with a scale [1]; another output batch; a UINT8 output for INT8.
        assertOnly(pooling(f32(1), i8(1, 1, 1, 1), i8(1, 3, 2, 2)),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "InputZeroPointTensor.Sizes");
        assertOnly(pooling(f32(1), TensorDesc.NULL, i8(2, 3, 2, 2)),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
        assertOnly(pooling(f32(1), TensorDesc.NULL, tensor(TensorDataType.UINT8, 1, 3, 2, 2)),
                RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType");
    }

    /** [2, 3, 4] x [2, 4, 5] into [2, 3, 5] with the given scales and no zero points. */
    private static QuantizedLinearMatrixMultiplyOperatorDesc product(BufferTensorDesc a, BufferTensorDesc aScale,
            BufferTensorDesc bScale, BufferTensorDesc outputScale, TensorDesc outputZeroPoint) {
        return new QuantizedLinearMatrixMultiplyOperatorDesc(a, aScale, TensorDesc.NULL, i8(2, 4, 5), bScale,
                TensorDesc.NULL, outputScale, outputZeroPoint, i8(2, 3, 5));
    }

    @Test
    void theQuantizedProductsScalesAreOneValueOrPerRowOrColumn() {
        // S_OK: A's [3, 1] (per row), B's [5] (per column), the output's [1, 3, 1] (per row), of any DimensionCounts.
        assertOnly(product(i8(2, 3, 4), f32(3, 1), f32(5), f32(1, 3, 1), TensorDesc.NULL));
        assertOnly(product(i8(1, 2, 3, 4), f32(1), f32(1, 1, 1), f32(1), TensorDesc.NULL));
        // E_INVALIDARG: A's [3] (a column), B's [1, 3, 1], the output's [5], A's [2, 1, 1] (per batch).
        assertOnly(product(i8(2, 3, 4), f32(3), f32(1), f32(1), TensorDesc.NULL),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "AScaleTensor.Sizes");
        assertOnly(product(i8(2, 3, 4), f32(1), f32(1, 3, 1), f32(1), TensorDesc.NULL),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "BScaleTensor.Sizes");
        assertOnly(product(i8(2, 3, 4), f32(1), f32(1), f32(5), TensorDesc.NULL),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "OutputScaleTensor.Sizes");
        assertOnly(product(i8(2, 3, 4), f32(2, 1, 1), f32(1), f32(1), TensorDesc.NULL),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "AScaleTensor.Sizes");
        // E_INVALIDARG: the output's zero point [1, 1, 1] with its scale [1].
        assertOnly(product(i8(2, 3, 4), f32(1, 1, 1), f32(1, 1, 1), f32(1), i8(1, 1, 1)),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "OutputZeroPointTensor.Sizes");
    }

    private static MatrixMultiplyIntegerToFloatOperatorDesc toFloat(BufferTensorDesc a, BufferTensorDesc b,
            TensorDesc bias, BufferTensorDesc output) {
        return new MatrixMultiplyIntegerToFloatOperatorDesc(a, f32(1), TensorDesc.NULL, b, f32(1), TensorDesc.NULL,
                bias, output);
    }

    @Test
    void theFloatProductsMatricesMayDifferInDataTypeEachWithItsZeroPoint() {
        // S_OK: INT8 A with UINT8 B and their zero points (the docs ask for one DataType); E_INVALIDARG: a UINT8 zero
        // point for the INT8 A.
        BufferTensorDesc b = tensor(TensorDataType.UINT8, 2, 4, 5);
        assertOnly(new MatrixMultiplyIntegerToFloatOperatorDesc(i8(2, 3, 4), f32(1), i8(1), b, f32(1),
                tensor(TensorDataType.UINT8, 1), TensorDesc.NULL, f32(2, 3, 5)));
        ValidationResult refused = validator.validate(new MatrixMultiplyIntegerToFloatOperatorDesc(i8(2, 3, 4),
                f32(1), tensor(TensorDataType.UINT8, 1), b, f32(1), TensorDesc.NULL, TensorDesc.NULL, f32(2, 3, 5)),
                LEVEL_6_4);
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH),
                refused.errors().stream().map(Diagnostic::rule).toList(), refused::toString);
    }

    @Test
    void theFloatProductsBiasHasTheOutputsSizesAtItsDimensionCount() {
        // S_OK: [3, 4] x [1, 1, 4, 5] into [3, 5] with a bias [3, 5] (the tensors' DimensionCounts differ).
        assertOnly(toFloat(i8(3, 4), i8(1, 1, 4, 5), f32(3, 5), f32(3, 5)));
        // E_INVALIDARG: a bias [3, 5] for an output [1, 3, 5], a bias [3, 5] for [2, 3, 5].
        assertOnly(toFloat(i8(3, 4), i8(1, 1, 4, 5), f32(3, 5), f32(1, 3, 5)),
                RuleId.SIZES_MISMATCH, "BiasTensor.Sizes");
        assertOnly(toFloat(i8(2, 3, 4), i8(2, 4, 5), f32(3, 5), f32(2, 3, 5)),
                RuleId.SIZES_MISMATCH, "BiasTensor.Sizes");
    }
}

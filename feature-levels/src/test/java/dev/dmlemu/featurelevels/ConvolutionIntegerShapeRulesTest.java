package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionIntegerOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CONVOLUTION_INTEGER's shape rules (docs/directml-behaviour.md §14.2): a 3x3 convolution of [1, 2, 5, 5] into
 * [1, 3, 3, 3] with the zero points given. Every verdict is DirectML.dll 1.15.4's CreateOperator on the same desc
 * (S_OK or E_INVALIDARG, as each comment says); the diagnostics are worked out by hand.
 */
class ConvolutionIntegerShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static TensorDesc i8(long... sizes) {
        return sizes.length == 0 ? TensorDesc.NULL : BufferTensorDesc.packed(TensorDataType.INT8, sizes);
    }

    private static ConvolutionIntegerOperatorDesc convolution(TensorDesc inputZeroPoint, TensorDesc filterZeroPoint) {
        return new ConvolutionIntegerOperatorDesc(i8(1, 2, 5, 5), inputZeroPoint, i8(3, 2, 3, 3), filterZeroPoint,
                BufferTensorDesc.packed(TensorDataType.INT32, 1, 3, 3, 3), 2, List.of(1L, 1L), List.of(1L, 1L),
                List.of(0L, 0L), List.of(0L, 0L), 1);
    }

    private void assertOnly(ConvolutionIntegerOperatorDesc desc, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, LEVEL_6_4, expected);
    }

    @Test
    void theInputZeroPointIsOneValue() {
        // S_OK: [1], [1, 1, 1, 1]; E_INVALIDARG: one per input channel [1, 2, 1, 1], or [1, 3].
        assertOnly(convolution(i8(1), i8()));
        assertOnly(convolution(i8(1, 1, 1, 1), i8(1, 1, 1, 1)));
        assertOnly(convolution(i8(1, 2, 1, 1), i8()), RuleId.QUANTIZATION_SIZES_MISMATCH, "InputZeroPointTensor.Sizes");
        assertOnly(convolution(i8(1, 3), i8()), RuleId.QUANTIZATION_SIZES_MISMATCH, "InputZeroPointTensor.Sizes");
    }

    @Test
    void theFilterZeroPointIsOneValueOrOnePerOutputChannelAtSizes1() {
        // S_OK: [1, 3, 1, 1] and [1, 3]; E_INVALIDARG: [3, 1, 1, 1], [1, 1, 1, 3] and [3].
        assertOnly(convolution(i8(1, 1, 1, 1), i8(1, 3, 1, 1)));
        assertOnly(convolution(i8(1, 1), i8(1, 3)));
        assertOnly(convolution(i8(1, 1, 1, 1), i8(3, 1, 1, 1)),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "FilterZeroPointTensor.Sizes");
        assertOnly(convolution(i8(1, 1, 1, 1), i8(1, 1, 1, 3)),
                RuleId.QUANTIZATION_SIZES_MISMATCH, "FilterZeroPointTensor.Sizes");
        assertOnly(convolution(i8(1), i8(3)), RuleId.QUANTIZATION_SIZES_MISMATCH, "FilterZeroPointTensor.Sizes");
    }

    @Test
    void inputFilterAndOutputMayHaveDifferentDimensionCounts() {
        // S_OK, every one (the docs ask for one DimensionCount; CONVOLUTION refuses the first and the last).
        assertOnly(new ConvolutionIntegerOperatorDesc(u8(1, 1, 4), TensorDesc.NULL, u8(1, 1, 1, 1), TensorDesc.NULL,
                i32(1, 1, 1, 4), 2, List.of(1L, 1L), List.of(1L, 1L), List.of(0L, 0L), List.of(0L, 0L), 1));
        assertOnly(new ConvolutionIntegerOperatorDesc(u8(1, 1, 4, 4), TensorDesc.NULL, u8(1, 1, 1), TensorDesc.NULL,
                i32(1, 1, 4, 4), 2, List.of(1L, 1L), List.of(1L, 1L), List.of(0L, 0L), List.of(0L, 0L), 1));
        assertOnly(new ConvolutionIntegerOperatorDesc(u8(1, 1, 4, 4), TensorDesc.NULL, u8(1, 1, 1, 1), TensorDesc.NULL,
                i32(1, 1, 4), 2, List.of(1L, 1L), List.of(1L, 1L), List.of(0L, 0L), List.of(0L, 0L), 1));
        assertOnly(new ConvolutionIntegerOperatorDesc(u8(1, 1, 1), TensorDesc.NULL, u8(1, 1, 2, 1), TensorDesc.NULL,
                i32(1, 1, 2, 1), 2, List.of(1L, 1L), List.of(1L, 1L), List.of(0L, 0L), List.of(0L, 0L), 1));
    }

    private static TensorDesc u8(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT8, sizes);
    }

    private static TensorDesc i32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.INT32, sizes);
    }

    @Test
    void theZeroPointsMayHaveDifferentDimensionCounts() {
        // S_OK: [1] with [1, 1, 1, 1], and [1] with [1, 3, 1, 1] (the docs ask for one DimensionCount).
        assertOnly(convolution(i8(1), i8(1, 1, 1, 1)));
        assertOnly(convolution(i8(1), i8(1, 3, 1, 1)));
    }
}

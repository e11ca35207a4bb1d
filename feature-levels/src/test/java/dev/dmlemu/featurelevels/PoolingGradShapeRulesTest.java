package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;

import dev.dmlemu.desc.AveragePoolingGradOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MaxPoolingGradOperatorDesc;
import dev.dmlemu.desc.MaxUnpoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shape rules of AVERAGE_POOLING_GRAD, MAX_POOLING_GRAD and MAX_UNPOOLING (docs/directml-behaviour.md §14.2),
 * around a 2x2 window with strides 2 over a [1, 1, 4, 4] forward input. Every verdict is DirectML.dll 1.15.4's
 * CreateOperator on the same desc (S_OK or E_INVALIDARG, as each comment says); the diagnostics are worked out by
 * hand.
 */
class PoolingGradShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<Long> longs(long... values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static AveragePoolingGradOperatorDesc average(BufferTensorDesc inputGradient, List<Long> strides,
            List<Long> windows) {
        List<Long> zeros = strides.stream().map(s -> 0L).toList();
        return new AveragePoolingGradOperatorDesc(inputGradient, f32(1, 1, 4, 4), strides.size(), strides, windows,
                zeros, zeros, false);
    }

    private static MaxPoolingGradOperatorDesc max(BufferTensorDesc inputGradient, List<Long> strides,
            List<Long> windows, List<Long> start, List<Long> dilations) {
        return new MaxPoolingGradOperatorDesc(f32(1, 1, 4, 4), inputGradient, f32(1, 1, 4, 4), strides.size(), strides,
                windows, start, longs(0, 0), dilations);
    }

    private void assertOnly(OperatorDesc desc, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, LEVEL_6_4, expected);
    }

    @Test
    void averagePoolingGradChecksDimensionCountBatchAndChannelsButNotTheWindow() {
        // S_OK: [1, 1, 2, 2], and [1, 1, 3, 2] or [1, 1, 1, 2] (off the formula); a stride or a window of 0.
        assertOnly(average(f32(1, 1, 2, 2), longs(2, 2), longs(2, 2)));
        assertOnly(average(f32(1, 1, 3, 2), longs(2, 2), longs(2, 2)));
        assertOnly(average(f32(1, 1, 1, 2), longs(2, 2), longs(2, 2)));
        assertOnly(average(f32(1, 1, 2, 2), longs(0, 2), longs(2, 2)));
        assertOnly(average(f32(1, 1, 2, 2), longs(2, 2), longs(0, 2)));
        // E_INVALIDARG: another batch or channel count; one-element window arrays for two spatial dimensions.
        assertOnly(average(f32(2, 1, 2, 2), longs(2, 2), longs(2, 2)),
                RuleId.OUTPUT_SIZES_MISMATCH, "InputGradientTensor.Sizes");
        assertOnly(average(f32(1, 2, 2, 2), longs(2, 2), longs(2, 2)),
                RuleId.OUTPUT_SIZES_MISMATCH, "InputGradientTensor.Sizes");
        assertOnly(average(f32(1, 1, 2, 2), longs(2), longs(2)),
                RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH, "DimensionCount");
    }

    @Test
    void maxPoolingGradChecksTheWindowFormula() {
        // S_OK: [1, 1, 2, 2] for 2x2 windows with strides 2; [1, 1, 1, 2] with a dilation of 2 (extent 3).
        assertOnly(max(f32(1, 1, 2, 2), longs(2, 2), longs(2, 2), longs(0, 0), longs(1, 1)));
        assertOnly(max(f32(1, 1, 1, 2), longs(2, 2), longs(2, 2), longs(0, 0), longs(2, 1)));
        // E_INVALIDARG: [1, 1, 3, 2] (the formula gives 2), and [1, 1, 2, 2] with the dilation of 2.
        assertOnly(max(f32(1, 1, 3, 2), longs(2, 2), longs(2, 2), longs(0, 0), longs(1, 1)),
                RuleId.POOLING_GRADIENT_SIZES_MISMATCH, "InputGradientTensor.Sizes[2]");
        assertOnly(max(f32(1, 1, 2, 2), longs(2, 2), longs(2, 2), longs(0, 0), longs(2, 1)),
                RuleId.POOLING_GRADIENT_SIZES_MISMATCH, "InputGradientTensor.Sizes[2]");
        // S_OK: a StartPadding of 5 with [1, 1, 8, 2] ((4 + 5 - 2) / 1 + 1 = 8): paddings are not bounded.
        assertOnly(max(f32(1, 1, 8, 2), longs(1, 2), longs(2, 2), longs(5, 0), longs(1, 1)));
    }

    @Test
    void aWindowWiderThanThePaddedInputGivesOne() {
        // S_OK: windows of 5 and 9 over 4 with [1, 1, 1, 4]; E_INVALIDARG: [1, 1, 2, 4] with the window of 9.
        assertOnly(max(f32(1, 1, 1, 4), longs(1, 1), longs(5, 1), longs(0, 0), longs(1, 1)));
        assertOnly(max(f32(1, 1, 1, 4), longs(1, 1), longs(9, 1), longs(0, 0), longs(1, 1)));
        assertOnly(max(f32(1, 1, 2, 4), longs(1, 1), longs(9, 1), longs(0, 0), longs(1, 1)),
                RuleId.POOLING_GRADIENT_SIZES_MISMATCH, "InputGradientTensor.Sizes[2]");
    }

    @Test
    void maxPoolingGradRefusesAZeroStrideWindowOrDilation() {
        // E_INVALIDARG: a stride, window or dilation of 0, whatever the gradient's sizes.
        assertOnly(max(f32(1, 1, 4, 2), longs(0, 2), longs(1, 2), longs(0, 0), longs(1, 1)),
                RuleId.WINDOW_FIELD_ZERO, "Strides[0]");
        assertOnly(max(f32(1, 1, 4, 2), longs(1, 2), longs(0, 2), longs(0, 0), longs(1, 1)),
                RuleId.WINDOW_FIELD_ZERO, "WindowSize[0]");
        assertOnly(max(f32(1, 1, 4, 2), longs(1, 2), longs(1, 2), longs(0, 0), longs(0, 1)),
                RuleId.WINDOW_FIELD_ZERO, "Dilations[0]");
    }

    @Test
    void maxPoolingGradTakesDimensionCount3Over4dTensorsAndSkipsTheThirdEntries() {
        // S_OK: 4-D tensors with three-entry arrays whose third stride is 0; E_INVALIDARG: the second stride 0, and
        // AVERAGE_POOLING_GRAD with the same three-entry arrays.
        List<Long> zeros = longs(0, 0, 0);
        assertOnly(new MaxPoolingGradOperatorDesc(f32(1, 1, 4, 4), f32(1, 1, 2, 2), f32(1, 1, 4, 4), 3,
                longs(2, 2, 0), longs(2, 2, 1), zeros, zeros, longs(1, 1, 1)));
        assertOnly(new MaxPoolingGradOperatorDesc(f32(1, 1, 4, 4), f32(1, 1, 2, 2), f32(1, 1, 4, 4), 3,
                longs(2, 0, 1), longs(2, 2, 1), zeros, zeros, longs(1, 1, 1)), RuleId.WINDOW_FIELD_ZERO, "Strides[1]");
        assertOnly(new AveragePoolingGradOperatorDesc(f32(1, 1, 2, 2), f32(1, 1, 4, 4), 3, longs(2, 2, 1),
                longs(2, 2, 1), zeros, zeros, false), RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH, "DimensionCount");
    }

    @Test
    void maxUnpoolingChecksOnlyTheIndicesSizes() {
        // S_OK: any output sizes, even another batch or fewer elements; E_INVALIDARG: indices other than the input's.
        assertOnly(new MaxUnpoolingOperatorDesc(f32(1, 1, 2, 2), BufferTensorDesc.packed(TensorDataType.UINT32,
                1, 1, 2, 2), f32(2, 1, 4, 4)));
        assertOnly(new MaxUnpoolingOperatorDesc(f32(1, 1, 2, 2), BufferTensorDesc.packed(TensorDataType.UINT32,
                1, 1, 2, 2), f32(1, 1, 1, 1)));
        assertOnly(new MaxUnpoolingOperatorDesc(f32(2, 3, 2, 2), BufferTensorDesc.packed(TensorDataType.UINT32,
                1, 3, 2, 2), f32(2, 3, 3, 5)), RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes");
    }
}

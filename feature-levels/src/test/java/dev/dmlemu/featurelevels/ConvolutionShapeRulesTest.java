package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionDirection;
import dev.dmlemu.desc.ConvolutionMode;
import dev.dmlemu.desc.ConvolutionOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * CONVOLUTION's shape rules (docs/directml-behaviour.md §14.2). Every verdict is DirectML.dll 1.15.4's CreateOperator
 * on the same desc (S_OK or E_INVALIDARG, as each comment says); the diagnostics are worked out by hand.
 */
class ConvolutionShapeRulesTest {

    private static final List<Long> ONES = List.of(1L, 1L);
    private static final List<Long> ZEROS = List.of(0L, 0L);

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    /** A 3x3 cross-correlation of [1, 2, 5, 5] into [1, 4, 3, 3], strides and dilations 1, no padding, as given. */
    private static ConvolutionOperatorDesc forward(BufferTensorDesc input, BufferTensorDesc filter, TensorDesc bias,
            BufferTensorDesc output, long groupCount) {
        return forward(input, filter, bias, output, groupCount, ONES, ONES, ZEROS);
    }

    private static ConvolutionOperatorDesc forward(BufferTensorDesc input, BufferTensorDesc filter, TensorDesc bias,
            BufferTensorDesc output, long groupCount, List<Long> strides, List<Long> dilations,
            List<Long> outputPadding) {
        return new ConvolutionOperatorDesc(input, filter, bias, output, ConvolutionMode.CROSS_CORRELATION,
                ConvolutionDirection.FORWARD, strides.size(), strides, dilations, ZEROS.subList(0, strides.size()),
                ZEROS.subList(0, strides.size()), outputPadding, groupCount, Optional.empty());
    }

    /** Backward, strides 2, StartPadding 1, the given OutputPadding. */
    private static ConvolutionOperatorDesc backward(BufferTensorDesc input, BufferTensorDesc filter,
            BufferTensorDesc output, long groupCount, List<Long> outputPadding) {
        return new ConvolutionOperatorDesc(input, filter, TensorDesc.NULL, output, ConvolutionMode.CROSS_CORRELATION,
                ConvolutionDirection.BACKWARD, 2, List.of(2L, 2L), ONES, ONES, ZEROS, outputPadding, groupCount,
                Optional.empty());
    }

    private void assertOnly(ConvolutionOperatorDesc desc, Object... expected) {
        OnlyDiagnostics.assertOnly(validator, desc, LEVEL_6_4, expected);
    }

    @Test
    void theChannelsFollowTheFilterAndTheGroups() {
        // S_OK: filter [M 4, C / G 2, 3, 3], bias [1, 4, 1, 1].
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 4, 1, 1), f32(1, 4, 3, 3), 1));
        // E_INVALIDARG: filter channels 1 with GroupCount 1; S_OK with GroupCount 2.
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 1, 3, 3), TensorDesc.NULL, f32(1, 4, 3, 3), 1),
                RuleId.FILTER_SIZES_MISMATCH, "FilterTensor.Sizes");
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 1, 3, 3), TensorDesc.NULL, f32(1, 4, 3, 3), 2));
        // E_INVALIDARG: 3 output channels for a filter of 4.
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), TensorDesc.NULL, f32(1, 3, 3, 3), 1),
                RuleId.FILTER_SIZES_MISMATCH, "FilterTensor.Sizes");
        // S_OK: GroupCount 3 over 3 channels; E_INVALIDARG: 3 groups for 4 output channels, and GroupCount 0.
        assertOnly(forward(f32(1, 3, 5, 5), f32(3, 1, 3, 3), TensorDesc.NULL, f32(1, 3, 3, 3), 3));
        assertOnly(forward(f32(1, 3, 5, 5), f32(4, 1, 3, 3), TensorDesc.NULL, f32(1, 4, 3, 3), 3),
                RuleId.GROUP_COUNT_INVALID, "GroupCount");
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), TensorDesc.NULL, f32(1, 4, 3, 3), 0),
                RuleId.GROUP_COUNT_INVALID, "GroupCount");
    }

    @Test
    void theBiasAndTheBatchFollowTheInput() {
        // E_INVALIDARG: bias [1, 4, 1, 2] and [1, 2, 1, 1]; output batch 2 for an input batch of 1.
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 4, 1, 2), f32(1, 4, 3, 3), 1),
                RuleId.BIAS_SIZES_MISMATCH, "BiasTensor.Sizes");
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 2, 1, 1), f32(1, 4, 3, 3), 1),
                RuleId.BIAS_SIZES_MISMATCH, "BiasTensor.Sizes");
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 4, 1, 1), f32(2, 4, 3, 3), 1),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes");
    }

    @Test
    void theSpatialSizesStridesDilationsAndDimensionCountAreNotChecked() {
        // S_OK, all of them: output [7, 2] where the window formula gives [3, 3]; a stride of 0; a dilation of 0.
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 4, 1, 1), f32(1, 4, 7, 2), 1));
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 4, 1, 1), f32(1, 4, 3, 3), 1, List.of(0L, 1L),
                ONES, ZEROS));
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 4, 1, 1), f32(1, 4, 3, 3), 1, ONES,
                List.of(1L, 0L), ZEROS));
        // S_OK: DimensionCount 1 (one-element arrays) for two spatial dimensions.
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), f32(1, 4, 1, 1), f32(1, 4, 3, 3), 1, List.of(1L),
                List.of(1L), List.of(0L)));
    }

    @Test
    void eachOutputPaddingIsBelowItsOutputSize() {
        // Forward too: S_OK with 2 on an output size of 3, E_INVALIDARG with 3.
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), TensorDesc.NULL, f32(1, 4, 3, 3), 1, ONES, ONES,
                List.of(0L, 2L)));
        assertOnly(forward(f32(1, 2, 5, 5), f32(4, 2, 3, 3), TensorDesc.NULL, f32(1, 4, 3, 3), 1, ONES, ONES,
                List.of(0L, 3L)), RuleId.WINDOW_FIELD_OUT_OF_RANGE, "OutputPadding[1]");
        // Backward [1, 2, 3, 3] into [1, 4, 8, 8] (filter [C 2, M 4, 3, 3]): S_OK with 7, E_INVALIDARG with 8.
        assertOnly(backward(f32(1, 2, 3, 3), f32(2, 4, 3, 3), f32(1, 4, 8, 8), 1, List.of(7L, 1L)));
        assertOnly(backward(f32(1, 2, 3, 3), f32(2, 4, 3, 3), f32(1, 4, 8, 8), 1, List.of(8L, 1L)),
                RuleId.WINDOW_FIELD_OUT_OF_RANGE, "OutputPadding[0]");
    }

    @Test
    void backwardTheFilterIsInputChannelsFirst() {
        // S_OK: [C, M / G, ...] = [2, 4, 3, 3], and [2, 2, 3, 3] with GroupCount 2; E_INVALIDARG: [M, C] = [4, 2].
        assertOnly(backward(f32(1, 2, 3, 3), f32(2, 4, 3, 3), f32(1, 4, 8, 8), 1, ONES));
        assertOnly(backward(f32(1, 2, 3, 3), f32(2, 2, 3, 3), f32(1, 4, 8, 8), 2, ONES));
        assertOnly(backward(f32(1, 2, 3, 3), f32(4, 2, 3, 3), f32(1, 4, 8, 8), 1, ONES),
                RuleId.FILTER_SIZES_MISMATCH, "FilterTensor.Sizes");
    }

    @Test
    void aOneDimensionalInputReadsAsNcOneW() {
        // Backward [1, 1, 4] with DimensionCount 2: OutputPadding 1 on the inserted dimension of size 1 is
        // E_INVALIDARG, on W (output 9) S_OK.
        ConvolutionOperatorDesc onRow = new ConvolutionOperatorDesc(f32(1, 1, 4), f32(1, 1, 2), TensorDesc.NULL,
                f32(1, 1, 6), ConvolutionMode.CROSS_CORRELATION, ConvolutionDirection.BACKWARD, 2, List.of(2L, 2L),
                ONES, ZEROS, ZEROS, List.of(1L, 0L), 1, Optional.empty());
        assertOnly(onRow, RuleId.WINDOW_FIELD_OUT_OF_RANGE, "OutputPadding[0]");
        ConvolutionOperatorDesc onW = new ConvolutionOperatorDesc(f32(1, 1, 4), f32(1, 1, 2), TensorDesc.NULL,
                f32(1, 1, 9), ConvolutionMode.CROSS_CORRELATION, ConvolutionDirection.BACKWARD, 2, List.of(2L, 2L),
                ONES, ZEROS, ZEROS, List.of(0L, 1L), 1, Optional.empty());
        assertOnly(onW);
    }
}

package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizedLinearConvolutionOperatorDesc;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;

/**
 * QUANTIZED_LINEAR_CONVOLUTION: the shared {@link ConvolutionShape} forward with its bias, no output padding; the
 * input and output scales of one value, the filter scale of one value or one per output channel at {@code Sizes[1]},
 * and each zero point with its scale's Sizes (docs/directml-behaviour.md §14.2).
 */
final class QuantizedLinearConvolutionShapeRules extends OperatorShapeRules<QuantizedLinearConvolutionOperatorDesc> {

    QuantizedLinearConvolutionShapeRules() {
        super(OperatorType.QUANTIZED_LINEAR_CONVOLUTION, QuantizedLinearConvolutionOperatorDesc.class);
    }

    @Override
    public void check(QuantizedLinearConvolutionOperatorDesc desc, ShapeCheck check) {
        new ConvolutionShape(desc.dimensionCount(), List.of(), desc.groupCount(), false).check(check,
                QuantizedLinearConvolutionOperatorDesc.INPUT_TENSOR,
                QuantizedLinearConvolutionOperatorDesc.FILTER_TENSOR,
                Optional.of(QuantizedLinearConvolutionOperatorDesc.BIAS_TENSOR),
                QuantizedLinearConvolutionOperatorDesc.OUTPUT_TENSOR);
        long outChannels = check.required(QuantizedLinearConvolutionOperatorDesc.OUTPUT_TENSOR).sizes().get(1);
        QuantizationTensors.oneValue(check, QuantizedLinearConvolutionOperatorDesc.INPUT_SCALE_TENSOR);
        QuantizationTensors.oneValueOrPerChannel(check, QuantizedLinearConvolutionOperatorDesc.FILTER_SCALE_TENSOR,
                outChannels);
        QuantizationTensors.oneValue(check, QuantizedLinearConvolutionOperatorDesc.OUTPUT_SCALE_TENSOR);
        QuantizationTensors.zeroPointMatchesScale(check, QuantizedLinearConvolutionOperatorDesc.INPUT_ZERO_POINT_TENSOR,
                QuantizedLinearConvolutionOperatorDesc.INPUT_SCALE_TENSOR);
        QuantizationTensors.zeroPointMatchesScale(check,
                QuantizedLinearConvolutionOperatorDesc.FILTER_ZERO_POINT_TENSOR,
                QuantizedLinearConvolutionOperatorDesc.FILTER_SCALE_TENSOR);
        QuantizationTensors.zeroPointMatchesScale(check,
                QuantizedLinearConvolutionOperatorDesc.OUTPUT_ZERO_POINT_TENSOR,
                QuantizedLinearConvolutionOperatorDesc.OUTPUT_SCALE_TENSOR);
    }
}

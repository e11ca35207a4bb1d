package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * QUANTIZED_LINEAR_CONVOLUTION (§14.2): the convolution's shapes as {@link ConvolutionProbeShaper} draws them
 * (forward, with a bias), the input and output scales of one value, the filter scale of one value or one per output
 * channel at {@code Sizes[1]}, each zero point with its scale's Sizes. Broken: a convolution rule, or a zero point
 * against its scale.
 */
final class QuantizedConvolutionProbeShaper extends OperatorShaper {

    QuantizedConvolutionProbeShaper() {
        super(OperatorType.QUANTIZED_LINEAR_CONVOLUTION);
    }

    private static final List<Map.Entry<String, String>> ZERO_POINTS = List.of(
            Map.entry("InputZeroPointTensor", "InputScaleTensor"),
            Map.entry("FilterZeroPointTensor", "FilterScaleTensor"),
            Map.entry("OutputZeroPointTensor", "OutputScaleTensor"));

    private final ConvolutionProbeShaper convolution =
            new ConvolutionProbeShaper(OperatorType.QUANTIZED_LINEAR_CONVOLUTION, false);

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        convolution.makeValid(values, random);
        long outChannels = ShapedValues.sizes(values, "OutputTensor").get(1);
        ScaleProbes.oneValueOrPerUnit(values, random, "InputScaleTensor", 0, false, 1);
        ScaleProbes.oneValueOrPerUnit(values, random, "FilterScaleTensor", 1, false, outChannels);
        ScaleProbes.oneValueOrPerUnit(values, random, "OutputScaleTensor", 0, false, 1);
        ScaleProbes.zeroPointsFollowScales(values, ZERO_POINTS);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        if (random.nextInt(4) == 0) {
            Optional<String> broken = ScaleProbes.breakZeroPoint(values, random, ZERO_POINTS);
            if (broken.isPresent()) {
                return broken;
            }
        }
        return convolution.breakOne(values, random);
    }
}

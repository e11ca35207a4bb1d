package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.ConvolutionIntegerOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;

/**
 * CONVOLUTION_INTEGER: the shared {@link ConvolutionShape} forward, without bias or output padding; an input zero point
 * of one value, a filter zero point of one value or one per output channel at {@code Sizes[1]}
 * (docs/directml-behaviour.md §14.2).
 */
final class ConvolutionIntegerShapeRules extends OperatorShapeRules<ConvolutionIntegerOperatorDesc> {

    ConvolutionIntegerShapeRules() {
        super(OperatorType.CONVOLUTION_INTEGER, ConvolutionIntegerOperatorDesc.class);
    }

    @Override
    public void check(ConvolutionIntegerOperatorDesc desc, ShapeCheck check) {
        new ConvolutionShape(desc.dimensionCount(), List.of(), desc.groupCount(), false).check(check,
                ConvolutionIntegerOperatorDesc.INPUT_TENSOR, ConvolutionIntegerOperatorDesc.FILTER_TENSOR,
                Optional.empty(), ConvolutionIntegerOperatorDesc.OUTPUT_TENSOR);
        check.tensor(ConvolutionIntegerOperatorDesc.INPUT_ZERO_POINT_TENSOR).ifPresent(zeroPoint -> {
            if (zeroPoint.sizes().stream().anyMatch(size -> size != 1)) {
                check.report(RuleId.QUANTIZATION_SIZES_MISMATCH, "InputZeroPointTensor.Sizes", zeroPoint.sizes()
                        + " but must be all 1s: one value");
            }
        });
        long outChannels = check.required(ConvolutionIntegerOperatorDesc.OUTPUT_TENSOR).sizes().get(1);
        check.tensor(ConvolutionIntegerOperatorDesc.FILTER_ZERO_POINT_TENSOR).ifPresent(zeroPoint -> {
            List<Long> sizes = zeroPoint.sizes();
            boolean perChannel = true;
            for (int i = 0; i < sizes.size(); i++) {
                perChannel &= sizes.get(i) == 1 || i == 1 && sizes.get(i) == outChannels;
            }
            if (!perChannel) {
                check.report(RuleId.QUANTIZATION_SIZES_MISMATCH, "FilterZeroPointTensor.Sizes", sizes
                        + " but must be all 1s but Sizes[1], which may be the output channel count " + outChannels);
            }
        });
    }
}

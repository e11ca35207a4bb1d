package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.RoiAlignGradOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.Optional;

/**
 * ROI_ALIGN_GRAD: the regions as for ROI_ALIGN1 ({@link RegionsOfInterest}), InputGradientTensor shaped as ROI_ALIGN1's
 * output {@code [NumROIs, channels, height, width]}, OutputGradientTensor as its input (InputTensor's Sizes when
 * both are given; otherwise only its channels are checked), OutputROIGradientTensor ROITensor's Sizes; one of the two
 * outputs given, and InputTensor given beside OutputROIGradientTensor or ReductionFunction MAX (its docs page;
 * measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.2). The sampling fields as {@link RoiSampling}
 * over the input gradient's spatial sizes.
 */
final class RoiAlignGradShapeRules extends OperatorShapeRules<RoiAlignGradOperatorDesc> {

    RoiAlignGradShapeRules() {
        super(OperatorType.ROI_ALIGN_GRAD, RoiAlignGradOperatorDesc.class);
    }

    @Override
    public void check(RoiAlignGradOperatorDesc desc, ShapeCheck check) {
        Optional<BufferTensorDesc> input = check.tensor(RoiAlignGradOperatorDesc.INPUT_TENSOR);
        Optional<BufferTensorDesc> outputGradient = check.tensor(RoiAlignGradOperatorDesc.OUTPUT_GRADIENT_TENSOR);
        Optional<BufferTensorDesc> roiGradient = check.tensor(RoiAlignGradOperatorDesc.OUTPUT_ROI_GRADIENT_TENSOR);
        if (outputGradient.isEmpty() && roiGradient.isEmpty()) {
            check.report(RuleId.REQUIRED_TENSOR_MISSING, RoiAlignGradOperatorDesc.OUTPUT_GRADIENT_TENSOR,
                    "NULL, and so is OutputROIGradientTensor: one of them must be given");
        }
        if (input.isEmpty() && roiGradient.isPresent()) {
            check.report(RuleId.REQUIRED_TENSOR_MISSING, RoiAlignGradOperatorDesc.INPUT_TENSOR,
                    "NULL, but OutputROIGradientTensor needs it");
        } else if (input.isEmpty() && desc.reductionFunction() == ReduceFunction.MAX) {
            check.report(RuleId.REQUIRED_TENSOR_MISSING, RoiAlignGradOperatorDesc.INPUT_TENSOR,
                    "NULL, but ReductionFunction DML_REDUCE_FUNCTION_MAX needs it");
        }

        BufferTensorDesc roi = check.required(RoiAlignGradOperatorDesc.ROI_TENSOR);
        long regions = RegionsOfInterest.regionCount(check, RoiAlignGradOperatorDesc.ROI_TENSOR,
                RoiAlignShapeRules.COORDINATES);
        RegionsOfInterest.batchIndices(check, RoiAlignGradOperatorDesc.BATCH_INDICES_TENSOR, regions);
        // The channel count comes from InputTensor, else from OutputGradientTensor; with neither it is not checked.
        Optional<Long> channels = input.or(() -> outputGradient).map(tensor -> tensor.sizes().get(1));
        RegionsOfInterest.perRegion(check, RuleId.SIZES_MISMATCH, RoiAlignGradOperatorDesc.INPUT_GRADIENT_TENSOR,
                regions, channels);
        if (input.isPresent() && outputGradient.isPresent()
                && !outputGradient.get().sizes().equals(input.get().sizes())) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, RoiAlignGradOperatorDesc.OUTPUT_GRADIENT_TENSOR + ".Sizes",
                    "Sizes " + outputGradient.get().sizes() + " must be InputTensor's, " + input.get().sizes());
        }
        roiGradient.filter(gradient -> !gradient.sizes().equals(roi.sizes())).ifPresent(gradient -> check.report(
                RuleId.OUTPUT_SIZES_MISMATCH, RoiAlignGradOperatorDesc.OUTPUT_ROI_GRADIENT_TENSOR + ".Sizes",
                "Sizes " + gradient.sizes() + " must be ROITensor's, " + roi.sizes()));
        new RoiSampling(desc.reductionFunction(), desc.spatialScaleX(), desc.spatialScaleY(),
                desc.minimumSamplesPerOutput(), desc.maximumSamplesPerOutput())
                .check(check, check.required(RoiAlignGradOperatorDesc.INPUT_GRADIENT_TENSOR).sizes());
    }
}

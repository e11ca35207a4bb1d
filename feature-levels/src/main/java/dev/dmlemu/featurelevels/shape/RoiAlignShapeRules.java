package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.RoiAlign1OperatorDesc;
import dev.dmlemu.desc.RoiAlignOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * ROI_ALIGN and ROI_ALIGN1: ROITensor one row of 4 coordinates per region, BatchIndicesTensor one index per region,
 * OutputTensor {@code [NumROIs, channels, height, width]} (their docs pages), and the sampling fields' ranges
 * ({@link RoiSampling}); measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.2. The pixel offsets,
 * OutOfBoundsInputValue and AlignRegionsToCorners take any value (measured).
 *
 * @param <D> the operator's desc record
 */
final class RoiAlignShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    /** x1, y1, x2, y2. */
    static final long COORDINATES = 4;

    private final Function<D, RoiSampling> sampling;

    private RoiAlignShapeRules(OperatorType type, Class<D> descType, Function<D, RoiSampling> sampling) {
        super(type, descType);
        this.sampling = sampling;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new RoiAlignShapeRules<>(OperatorType.ROI_ALIGN, RoiAlignOperatorDesc.class,
                        desc -> new RoiSampling(desc.reductionFunction(), desc.spatialScaleX(), desc.spatialScaleY(),
                                desc.minimumSamplesPerOutput(), desc.maximumSamplesPerOutput())),
                new RoiAlignShapeRules<>(OperatorType.ROI_ALIGN1, RoiAlign1OperatorDesc.class,
                        desc -> new RoiSampling(desc.reductionFunction(), desc.spatialScaleX(), desc.spatialScaleY(),
                                desc.minimumSamplesPerOutput(), desc.maximumSamplesPerOutput())));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        long regions = RegionsOfInterest.regionCount(check, "ROITensor", COORDINATES);
        RegionsOfInterest.batchIndices(check, "BatchIndicesTensor", regions);
        long channels = check.required("InputTensor").sizes().get(1);
        RegionsOfInterest.perRegion(check, RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor", regions,
                Optional.of(channels));
        sampling.apply(desc).check(check, check.required("OutputTensor").sizes());
    }
}

package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.RoiPoolingOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;

/**
 * ROI_POOLING: ROITensor {@code [1, 1, NumROIs, 5]} and OutputTensor {@code [NumROIs, channels, PooledSize.Height,
 * PooledSize.Width]} (its docs page; measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.2). SpatialScale
 * takes any value, NaN and infinities included (measured).
 */
final class RoiPoolingShapeRules extends OperatorShapeRules<RoiPoolingOperatorDesc> {

    RoiPoolingShapeRules() {
        super(OperatorType.ROI_POOLING, RoiPoolingOperatorDesc.class);
    }

    /** A region's row: its batch index, then x1, y1, x2, y2. */
    private static final long COORDINATES = 5;

    @Override
    public void check(RoiPoolingOperatorDesc desc, ShapeCheck check) {
        long regions = RegionsOfInterest.regionCount(check, RoiPoolingOperatorDesc.ROI_TENSOR, COORDINATES);
        long channels = check.required(RoiPoolingOperatorDesc.INPUT_TENSOR).sizes().get(1);
        RegionsOfInterest.perRegion(check, RuleId.OUTPUT_SIZES_MISMATCH, RoiPoolingOperatorDesc.OUTPUT_TENSOR,
                regions, Optional.of(channels));
        List<Long> output = check.required(RoiPoolingOperatorDesc.OUTPUT_TENSOR).sizes();
        long height = desc.pooledSize().height();
        long width = desc.pooledSize().width();
        if (output.get(2) != height || output.get(3) != width) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, RoiPoolingOperatorDesc.OUTPUT_TENSOR + ".Sizes", "Sizes "
                    + output + " must end with PooledSize's height and width, [" + height + ", " + width + "]");
        }
    }
}

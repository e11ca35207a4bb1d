package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;

/**
 * The regions of interest of ROI_POOLING and the ROI alignments, as DirectML.dll 1.15.4 checks them
 * (docs/directml-behaviour.md §14.2): ROITensor holds one row of coordinates per region, its sizes before the last two
 * being 1 ({@code [1, 1, NumROIs, 5]} for ROI_POOLING; {@code [NumROIs, 4]}, {@code [1, NumROIs, 4]} or
 * {@code [1, 1, NumROIs, 4]} for the alignments), and BatchIndicesTensor one index per region ({@code [NumROIs]}
 * with leading 1s).
 */
final class RegionsOfInterest {

    private RegionsOfInterest() {}

    /**
     * Reports ROITensor ({@code roiField}) unless it is rows of {@code coordinates} values with leading 1s; returns
     * the region count it gives (its size before the last).
     */
    static long regionCount(ShapeCheck check, String roiField, long coordinates) {
        List<Long> sizes = check.required(roiField).sizes();
        int rank = sizes.size();
        boolean rows = sizes.get(rank - 1) == coordinates;
        for (int i = 0; i < rank - 2; i++) {
            rows &= sizes.get(i) == 1L;
        }
        if (!rows) {
            check.report(RuleId.ROI_SIZES_INVALID, roiField + ".Sizes", "Sizes " + sizes + " must be 1s, then the "
                    + "region count, then " + coordinates + " coordinates");
        }
        return sizes.get(rank - 2);
    }

    /** Reports BatchIndicesTensor ({@code field}) unless its sizes are 1s followed by {@code regions}. */
    static void batchIndices(ShapeCheck check, String field, long regions) {
        List<Long> sizes = check.required(field).sizes();
        boolean perRegion = sizes.get(sizes.size() - 1) == regions;
        for (int i = 0; i < sizes.size() - 1; i++) {
            perRegion &= sizes.get(i) == 1L;
        }
        if (!perRegion) {
            check.report(RuleId.ROI_SIZES_INVALID, field + ".Sizes", "Sizes " + sizes + " must be 1s, then the "
                    + "region count " + regions);
        }
    }

    /**
     * Reports {@code field} (an output, or ROI_ALIGN_GRAD's input gradient) unless it starts with the region count
     * and {@code channels}, when the channels are known; {@code rule} names the kind of tensor.
     */
    static void perRegion(ShapeCheck check, RuleId rule, String field, long regions, Optional<Long> channels) {
        BufferTensorDesc tensor = check.required(field);
        List<Long> sizes = tensor.sizes();
        if (sizes.get(0) != regions) {
            check.report(rule, field + ".Sizes", "Sizes[0] " + sizes.get(0) + " must be the region count, "
                    + regions);
        }
        channels.ifPresent(count -> {
            if (!sizes.get(1).equals(count)) {
                check.report(rule, field + ".Sizes", "Sizes[1] " + sizes.get(1) + " must be the input's channel "
                        + "count, " + count);
            }
        });
    }
}

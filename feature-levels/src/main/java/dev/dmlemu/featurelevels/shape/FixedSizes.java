package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/** Tensors whose Sizes the operator fixes, up to leading 1s. */
final class FixedSizes {

    private FixedSizes() {}

    /** Reports {@code field} unless its sizes are 1s followed by {@code last}. */
    static void onesThen(long last, String field, BufferTensorDesc tensor, ShapeCheck check) {
        List<Long> sizes = tensor.sizes();
        boolean fixed = sizes.get(sizes.size() - 1) == last;
        for (int i = 0; i < sizes.size() - 1; i++) {
            fixed &= sizes.get(i) == 1L;
        }
        if (!fixed) {
            check.report(RuleId.SIZES_FIXED, field + ".Sizes", "Sizes " + sizes + " must be 1s then " + last);
        }
    }
}

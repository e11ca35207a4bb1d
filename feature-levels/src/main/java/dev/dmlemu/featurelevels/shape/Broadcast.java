package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/** Tensors whose sizes must match another's, or broadcast to it. */
final class Broadcast {

    private Broadcast() {}

    /**
     * Reports each size of {@code field} that is neither 1 nor {@code target}'s; the tables already gave both the same
     * DimensionCount.
     */
    static void toSizes(String field, BufferTensorDesc tensor, String targetField, List<Long> target,
            ShapeCheck check) {
        List<Long> sizes = tensor.sizes();
        for (int i = 0; i < sizes.size() && i < target.size(); i++) {
            if (sizes.get(i) != 1L && !sizes.get(i).equals(target.get(i))) {
                check.report(RuleId.NOT_BROADCASTABLE, field + ".Sizes[" + i + "]", "size " + sizes.get(i)
                        + " is neither 1 nor " + targetField + "'s " + target.get(i));
            }
        }
    }

    /** Reports {@code field} when its sizes are not {@code target}'s. */
    static void sameSizes(String field, BufferTensorDesc tensor, String targetField, List<Long> target,
            ShapeCheck check) {
        if (!tensor.sizes().equals(target)) {
            check.report(RuleId.SIZES_MISMATCH, field + ".Sizes", "Sizes " + tensor.sizes() + " must be "
                    + targetField + "'s " + target);
        }
    }
}

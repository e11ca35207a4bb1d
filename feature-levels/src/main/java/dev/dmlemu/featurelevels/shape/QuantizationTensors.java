package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * The scale and zero-point rules the quantized operators share, as DirectML.dll 1.15.4 checks them
 * (docs/directml-behaviour.md §14.2, §14.5): a zero point, when present, has exactly its scale's Sizes (a
 * DimensionCount of its own is refused even when the values read the same), and a scale holds one value or one per
 * channel.
 */
final class QuantizationTensors {

    private QuantizationTensors() {}

    /** Reports the zero point {@code zeroPointField}, when present, whose Sizes are not {@code scaleField}'s. */
    static void zeroPointMatchesScale(ShapeCheck check, String zeroPointField, String scaleField) {
        List<Long> scale = check.required(scaleField).sizes();
        check.tensor(zeroPointField).ifPresent(zeroPoint -> {
            if (!zeroPoint.sizes().equals(scale)) {
                check.report(RuleId.QUANTIZATION_SIZES_MISMATCH, zeroPointField + ".Sizes", zeroPoint.sizes()
                        + " but must be " + scaleField + "'s, " + scale);
            }
        });
    }

    /** Reports the tensor {@code field}, when present, unless it holds one value: every size 1, at any rank. */
    static void oneValue(ShapeCheck check, String field) {
        check.tensor(field).ifPresent(tensor -> {
            if (tensor.sizes().stream().anyMatch(size -> size != 1)) {
                check.report(RuleId.QUANTIZATION_SIZES_MISMATCH, field + ".Sizes", tensor.sizes()
                        + " but must be all 1s: one value");
            }
        });
    }

    /**
     * Reports the tensor {@code field}, when present, unless it holds one value or one per channel: every size 1 but
     * {@code Sizes[1]}, which may be {@code channels}.
     */
    static void oneValueOrPerChannel(ShapeCheck check, String field, long channels) {
        check.tensor(field).ifPresent(tensor -> {
            List<Long> sizes = tensor.sizes();
            boolean perChannel = true;
            for (int i = 0; i < sizes.size(); i++) {
                perChannel &= sizes.get(i) == 1 || i == 1 && sizes.get(i) == channels;
            }
            if (!perChannel) {
                check.report(RuleId.QUANTIZATION_SIZES_MISMATCH, field + ".Sizes", sizes
                        + " but must be all 1s but Sizes[1], which may be the channel count " + channels);
            }
        });
    }
}

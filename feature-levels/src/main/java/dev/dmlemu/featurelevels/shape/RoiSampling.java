package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * The sampling fields ROI_ALIGN, ROI_ALIGN1 and ROI_ALIGN_GRAD share, and the ranges DirectML.dll 1.15.4 accepts for
 * them (measured, docs/directml-behaviour.md §14.2): ReductionFunction AVERAGE or MAX; spatial scales neither below 0
 * nor infinite (NaN and -0.0 pass); MinimumSamplesPerOutput at least 1, at most MaximumSamplesPerOutput, and times the
 * larger of the output's (for the gradient, the input gradient's) two spatial sizes at most 2^32 - 1.
 *
 * @param function ReductionFunction
 * @param scaleX SpatialScaleX
 * @param scaleY SpatialScaleY
 * @param minimumSamples MinimumSamplesPerOutput
 * @param maximumSamples MaximumSamplesPerOutput
 */
record RoiSampling(ReduceFunction function, float scaleX, float scaleY, long minimumSamples, long maximumSamples) {

    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    /** Reports every range the fields break, with {@code sampled} the sizes of the tensor sampled per region. */
    void check(ShapeCheck check, List<Long> sampled) {
        if (function != ReduceFunction.AVERAGE && function != ReduceFunction.MAX) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "ReductionFunction", function.cName()
                    + " is neither DML_REDUCE_FUNCTION_AVERAGE nor DML_REDUCE_FUNCTION_MAX");
        }
        checkScale(check, "SpatialScaleX", scaleX);
        checkScale(check, "SpatialScaleY", scaleY);
        long larger = Math.max(sampled.get(sampled.size() - 2), sampled.get(sampled.size() - 1));
        if (minimumSamples < 1 || minimumSamples > maximumSamples) {
            check.report(RuleId.ROI_SAMPLING_OUT_OF_RANGE, "MinimumSamplesPerOutput", minimumSamples
                    + " must be in [1, MaximumSamplesPerOutput " + maximumSamples + "]");
        } else if (minimumSamples > UINT32_MAX / larger) {
            // Measured: the product must fit in 32 bits; compared by division, so nothing overflows.
            check.report(RuleId.ROI_SAMPLING_OUT_OF_RANGE, "MinimumSamplesPerOutput", minimumSamples + " times the "
                    + "larger output spatial size " + larger + " exceeds 2^32 - 1");
        }
    }

    private static void checkScale(ShapeCheck check, String field, float scale) {
        if (scale < 0 || Float.isInfinite(scale)) {
            check.report(RuleId.ROI_SAMPLING_OUT_OF_RANGE, field, scale + " is negative or infinite");
        }
    }
}

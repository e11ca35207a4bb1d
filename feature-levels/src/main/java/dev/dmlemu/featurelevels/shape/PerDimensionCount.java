package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;

/** The count field of per-dimension arrays (SLICE's DimensionCount): one entry per dimension of the tensors. */
final class PerDimensionCount {

    private PerDimensionCount() {}

    /** Reports and returns false when {@code count} is not {@code tensor}'s DimensionCount. */
    static boolean matches(ShapeCheck check, String countField, long count, String tensorField,
            BufferTensorDesc tensor) {
        if (count == tensor.dimensionCount()) {
            return true;
        }
        check.report(RuleId.PER_DIMENSION_COUNT_MISMATCH, countField, "expected " + tensor.dimensionCount() + " ("
                + tensorField + ".DimensionCount) but got " + count);
        return false;
    }
}

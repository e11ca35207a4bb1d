package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.Optional;

/**
 * The shape rules every pooling shares, as DirectML.dll 1.15.4 checks them (docs/directml-behaviour.md §14.2):
 * DimensionCount is the input's spatial dimension count, the output keeps the input's batch and channel sizes, and
 * the optional indices output has the output's sizes. It does not check the output's spatial sizes against the window
 * formula, nor strides, window sizes, dilations and paddings (measured), so neither does this.
 */
final class PoolingShape {

    private PoolingShape() {}

    /**
     * Reports every rule {@code input}, {@code output} and {@code indices} (a field name, when the operator has one)
     * break with the desc's {@code dimensionCount}.
     */
    static void check(ShapeCheck check, long dimensionCount, String inputField, String outputField,
            Optional<String> indicesField) {
        BufferTensorDesc input = check.required(inputField);
        BufferTensorDesc output = check.required(outputField);
        int spatial = input.sizes().size() - 2;
        if (dimensionCount != spatial) {
            check.report(RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH, "DimensionCount", dimensionCount + " but "
                    + inputField + " has " + spatial + " spatial dimensions");
        }
        if (!input.sizes().subList(0, 2).equals(output.sizes().subList(0, 2))) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, outputField + ".Sizes", output.sizes() + " but its batch and "
                    + "channel sizes must be " + inputField + "'s, " + input.sizes().subList(0, 2));
        }
        indicesField.ifPresent(field -> check.tensor(field).ifPresent(indices -> {
            if (!indices.sizes().equals(output.sizes())) {
                check.report(RuleId.SIZES_MISMATCH, field + ".Sizes", indices.sizes() + " but must be "
                        + outputField + "'s, " + output.sizes());
            }
        }));
    }
}

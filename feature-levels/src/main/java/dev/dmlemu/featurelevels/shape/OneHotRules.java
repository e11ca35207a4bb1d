package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OneHotOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * ONE_HOT: Axis is a dimension, the indices have the output's sizes with 1 along Axis (the output's size there is
 * the depth), and the values tensor holds at least the off and on values (measured on DirectML.dll 1.15.4,
 * docs/directml-behaviour.md §14.3).
 */
final class OneHotRules extends OperatorShapeRules<OneHotOperatorDesc> {

    OneHotRules() {
        super(OperatorType.ONE_HOT, OneHotOperatorDesc.class);
    }

    @Override
    public void check(OneHotOperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc output = check.required("OutputTensor");
        List<Long> indices = check.required("IndicesTensor").sizes();
        List<Long> values = check.required("ValuesTensor").sizes();
        // Every size is at least 1, so two elements means some size above 1 (and no product to overflow).
        if (values.stream().allMatch(size -> size == 1)) {
            check.report(RuleId.ONE_HOT_VALUES_TOO_FEW, "ValuesTensor.Sizes", values + " holds 1 element; the off "
                    + "and on values need 2");
        }
        long axis = desc.axis();
        if (axis < 0 || axis >= output.dimensionCount()) {
            check.report(RuleId.AXIS_OUT_OF_RANGE, "Axis", axis + " is not a dimension of OutputTensor (0 to "
                    + (output.dimensionCount() - 1) + ")");
            return;
        }
        for (int i = 0; i < output.dimensionCount(); i++) {
            long expected = i == axis ? 1 : output.sizes().get(i);
            if (indices.get(i) != expected) {
                check.report(RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes[" + i + "]", "expected " + expected + " ("
                        + (i == axis ? "1 along Axis" : "OutputTensor.Sizes[" + i + "]") + ") but got "
                        + indices.get(i));
            }
        }
    }
}

package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReverseSubsequencesOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * REVERSE_SUBSEQUENCES: Axis is a dimension of the input, the sequence lengths have the input's sizes with 1 along
 * Axis, and the output the input's sizes (its docs page, measured on DirectML.dll 1.15.4,
 * docs/directml-behaviour.md §14.4).
 */
final class ReverseSubsequencesRules extends OperatorShapeRules<ReverseSubsequencesOperatorDesc> {

    ReverseSubsequencesRules() {
        super(OperatorType.REVERSE_SUBSEQUENCES, ReverseSubsequencesOperatorDesc.class);
    }

    @Override
    public void check(ReverseSubsequencesOperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        List<Long> lengths = check.required("SequenceLengthsTensor").sizes();
        List<Long> output = check.required("OutputTensor").sizes();
        for (int i = 0; i < input.dimensionCount(); i++) {
            if (!output.get(i).equals(input.sizes().get(i))) {
                check.report(RuleId.SIZES_MISMATCH, "OutputTensor.Sizes[" + i + "]", "expected "
                        + input.sizes().get(i) + " (InputTensor.Sizes[" + i + "]) but got " + output.get(i));
            }
        }
        long axis = desc.axis();
        if (axis < 0 || axis >= input.dimensionCount()) {
            check.report(RuleId.AXIS_OUT_OF_RANGE, "Axis", axis + " is not a dimension of InputTensor (0 to "
                    + (input.dimensionCount() - 1) + ")");
            return;
        }
        for (int i = 0; i < input.dimensionCount(); i++) {
            long expected = i == axis ? 1 : input.sizes().get(i);
            if (lengths.get(i) != expected) {
                check.report(RuleId.SIZES_MISMATCH, "SequenceLengthsTensor.Sizes[" + i + "]", "expected " + expected
                        + " (" + (i == axis ? "1 along Axis" : "InputTensor.Sizes[" + i + "]") + ") but got "
                        + lengths.get(i));
            }
        }
    }
}

package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.ScatterElementsOperatorDesc.AXIS;
import static dev.dmlemu.desc.ScatterElementsOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.ScatterElementsOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.ScatterElementsOperatorDesc.OUTPUT_TENSOR;
import static dev.dmlemu.desc.ScatterElementsOperatorDesc.UPDATES_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;

/**
 * What DirectML's {@code CreateOperator} checks of {@code DML_OPERATOR_SCATTER_ELEMENTS} besides each tensor's own
 * rules: its support tables ({@link ScatterSupport}), one DimensionCount and (for updates and output) the input's
 * DataType, Axis, the indices' sizes against the input's (equal off the axis, at most the input's along it), the
 * updates' sizes equal to the indices' and the output's equal to the input's. Every rule was checked against the real
 * DirectML.dll 1.15.4 at level 6_4 (docs/directml-behaviour.md §12.3). Duplicate targets are a property of the index
 * values, not of the desc: the validator does not look at them. Stateless.
 */
final class ScatterElementsRules extends OperatorRules<ScatterElementsOperatorDesc> {

    ScatterElementsRules() {
        super(ScatterElementsOperatorDesc.class, ScatterSupport.ELEMENTS_SUPPORT);
    }

    @Override
    void checkOperator(ScatterElementsOperatorDesc desc, CheckedTensors tensors, DiagnosticCollector out) {
        BufferTensorDesc input = tensors.get(INPUT_TENSOR);
        BufferTensorDesc indices = tensors.get(INDICES_TENSOR);
        BufferTensorDesc updates = tensors.get(UPDATES_TENSOR);
        BufferTensorDesc output = tensors.get(OUTPUT_TENSOR);
        CrossTensorRules.sameDimensionCount(out, input, INPUT_TENSOR, indices, INDICES_TENSOR);
        CrossTensorRules.sameDimensionCount(out, input, INPUT_TENSOR, updates, UPDATES_TENSOR);
        CrossTensorRules.sameDimensionCount(out, input, INPUT_TENSOR, output, OUTPUT_TENSOR);
        CrossTensorRules.sameDataType(out, input, INPUT_TENSOR, updates, UPDATES_TENSOR);
        CrossTensorRules.sameDataType(out, input, INPUT_TENSOR, output, OUTPUT_TENSOR);
        boolean axisOk = CrossTensorRules.axisInRange(out, AXIS, desc.axis(), input, INPUT_TENSOR);

        if (axisOk && TensorRules.haveComparableSizes(input, indices)) {
            CrossTensorRules.sameSizesExceptAxis(out, input, INPUT_TENSOR, indices, INDICES_TENSOR, desc.axis());
            // Axis < DimensionCount, the length of the sizes lists: it fits in an int.
            int axis = (int) desc.axis();
            long inputSize = input.sizes().get(axis);
            long indicesSize = indices.sizes().get(axis);
            if (indicesSize > inputSize) {
                out.report(RuleId.INDICES_AXIS_SIZE_ABOVE_INPUT, INDICES_TENSOR + ".Sizes[" + axis + "]", indicesSize
                        + " is above " + inputSize + " (" + INPUT_TENSOR + ".Sizes[" + axis + "], along Axis " + axis
                        + "); the docs leave the axis size free, " + MeasuredDirectMl.NAME + " refuses larger indices");
            }
        }
        if (TensorRules.haveComparableSizes(indices, updates)) {
            CrossTensorRules.sameSizes(out, indices, INDICES_TENSOR, updates, UPDATES_TENSOR);
        }
        if (TensorRules.haveComparableSizes(input, output)) {
            CrossTensorRules.sameSizes(out, input, INPUT_TENSOR, output, OUTPUT_TENSOR);
        }
    }
}

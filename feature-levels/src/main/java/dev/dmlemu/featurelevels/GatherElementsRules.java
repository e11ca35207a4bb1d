package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.GatherElementsOperatorDesc.AXIS;
import static dev.dmlemu.desc.GatherElementsOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherElementsOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.GatherElementsOperatorDesc.OUTPUT_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;

/**
 * What DirectML's {@code CreateOperator} checks of {@code DML_OPERATOR_GATHER_ELEMENTS} besides each tensor's own
 * rules: its support tables ({@link GatherElementsSupport}), the tensors' agreement in DimensionCount, DataType and
 * Sizes, and Axis. Every rule was checked against the real DirectML.dll 1.15.4 at level 6_4
 * (docs/directml-behaviour.md §6.3). Stateless.
 */
final class GatherElementsRules extends OperatorRules<GatherElementsOperatorDesc> {

    GatherElementsRules() {
        super(GatherElementsOperatorDesc.class, GatherElementsSupport.SUPPORT);
    }

    /** The cross-tensor rules and Axis. Null tensors (Type not BUFFER) were already reported. */
    @Override
    void checkOperator(GatherElementsOperatorDesc desc, CheckedTensors tensors, DiagnosticCollector out) {
        BufferTensorDesc input = tensors.get(INPUT_TENSOR);
        BufferTensorDesc indices = tensors.get(INDICES_TENSOR);
        BufferTensorDesc output = tensors.get(OUTPUT_TENSOR);
        long axis = desc.axis();
        CrossTensorRules.gatherTensorsAgree(out, input, indices, output);
        boolean axisOk = CrossTensorRules.axisInRange(out, AXIS, axis, input, INPUT_TENSOR);

        if (axisOk && TensorRules.haveComparableSizes(input, indices)) {
            CrossTensorRules.sameSizesExceptAxis(out, input, INPUT_TENSOR, indices, INDICES_TENSOR, axis);
        }
        if (TensorRules.haveComparableSizes(indices, output)) {
            CrossTensorRules.sameSizes(out, indices, INDICES_TENSOR, output, OUTPUT_TENSOR);
        }
    }
}

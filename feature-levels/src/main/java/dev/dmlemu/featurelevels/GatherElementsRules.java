package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.GatherElementsOperatorDesc.AXIS;
import static dev.dmlemu.desc.GatherElementsOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherElementsOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.GatherElementsOperatorDesc.OUTPUT_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import java.util.List;

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
        if (input != null) {
            long rank = input.dimensionCount();
            if (indices != null && indices.dimensionCount() != rank) {
                out.report(RuleId.DIMENSION_COUNT_MISMATCH, INDICES_TENSOR + ".DimensionCount", "expected " + rank
                        + " (" + INPUT_TENSOR + ".DimensionCount) but got " + indices.dimensionCount());
            }
            if (output != null && output.dimensionCount() != rank) {
                out.report(RuleId.DIMENSION_COUNT_MISMATCH, OUTPUT_TENSOR + ".DimensionCount", "expected " + rank
                        + " (" + INPUT_TENSOR + ".DimensionCount) but got " + output.dimensionCount());
            }
            if (output != null && output.dataType() != input.dataType()) {
                out.report(RuleId.DATA_TYPE_MISMATCH, OUTPUT_TENSOR + ".DataType", "expected "
                        + input.dataType().name() + " (" + INPUT_TENSOR + ".DataType) but got "
                        + output.dataType().name());
            }
        }

        boolean axisOk = false;
        if (!TensorRules.isUint32(axis)) {
            out.report(RuleId.UINT32_RANGE, AXIS, TensorRules.uint32Message(axis));
        } else if (input != null && TensorRules.isUint32(input.dimensionCount())) {
            long rank = input.dimensionCount();
            axisOk = axis < rank;
            if (!axisOk) {
                out.report(RuleId.AXIS_OUT_OF_RANGE, AXIS, axis + " is out of range [0, " + rank + ") ("
                        + INPUT_TENSOR + ".DimensionCount is " + rank + ")");
            }
        }

        if (axisOk && hasComparableSizes(input, indices)) {
            List<Long> inputSizes = input.sizes();
            List<Long> indicesSizes = indices.sizes();
            for (int i = 0; i < inputSizes.size(); i++) {
                long expected = inputSizes.get(i);
                long actual = indicesSizes.get(i);
                if (i != axis && expected != actual) {
                    out.report(RuleId.SIZES_MISMATCH, INDICES_TENSOR + ".Sizes[" + i + "]", "expected " + expected
                            + " (" + INPUT_TENSOR + ".Sizes[" + i + "], dimension " + i + " is not Axis " + axis
                            + ") but got " + actual);
                }
            }
        }
        if (hasComparableSizes(indices, output)) {
            List<Long> indicesSizes = indices.sizes();
            List<Long> outputSizes = output.sizes();
            for (int i = 0; i < indicesSizes.size(); i++) {
                long expected = indicesSizes.get(i);
                long actual = outputSizes.get(i);
                if (expected != actual) {
                    out.report(RuleId.SIZES_MISMATCH, OUTPUT_TENSOR + ".Sizes[" + i + "]", "expected " + expected
                            + " (" + INDICES_TENSOR + ".Sizes[" + i + "]) but got " + actual);
                }
            }
        }
    }

    /**
     * Both tensors exist, have the same DimensionCount, that many sizes each, and every size in the UINT range (an
     * out-of-range size was reported already; comparing it would only repeat the problem).
     */
    static boolean hasComparableSizes(BufferTensorDesc a, BufferTensorDesc b) {
        return a != null && b != null && a.dimensionCount() == b.dimensionCount()
                && a.sizes().size() == a.dimensionCount() && b.sizes().size() == b.dimensionCount()
                && allUint32(a.sizes()) && allUint32(b.sizes());
    }

    private static boolean allUint32(List<Long> values) {
        for (int i = 0; i < values.size(); i++) {
            if (!TensorRules.isUint32(values.get(i))) {
                return false;
            }
        }
        return true;
    }

}

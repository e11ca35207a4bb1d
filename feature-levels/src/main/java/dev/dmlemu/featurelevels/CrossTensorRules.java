package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;

/**
 * Rules several operators share across their tensors and their Axis, with the same messages for every operator:
 * equal DimensionCounts, an output's DataType equal to the input's, and {@code Axis < InputTensor.DimensionCount}
 * (docs/directml-behaviour.md §6.3, §10.3). Null tensors (Type not BUFFER) were reported already and are skipped.
 */
final class CrossTensorRules {

    private CrossTensorRules() {}

    /**
     * The gathers' shared checks of their three tensors (InputTensor, IndicesTensor, OutputTensor): one DimensionCount,
     * and the output of the input's DataType.
     */
    static void gatherTensorsAgree(DiagnosticCollector out, BufferTensorDesc input, BufferTensorDesc indices,
            BufferTensorDesc output) {
        sameDimensionCount(out, input, "InputTensor", indices, "IndicesTensor");
        sameDimensionCount(out, input, "InputTensor", output, "OutputTensor");
        sameDataType(out, input, "InputTensor", output, "OutputTensor");
    }

    /** Reports DIMENSION_COUNT_MISMATCH when {@code other}'s DimensionCount differs from the input's. */
    static void sameDimensionCount(DiagnosticCollector out, BufferTensorDesc input, String inputField,
            BufferTensorDesc other, String otherField) {
        if (input != null && other != null && other.dimensionCount() != input.dimensionCount()) {
            out.report(RuleId.DIMENSION_COUNT_MISMATCH, otherField + ".DimensionCount", "expected "
                    + input.dimensionCount() + " (" + inputField + ".DimensionCount) but got "
                    + other.dimensionCount());
        }
    }

    /** Reports DATA_TYPE_MISMATCH when {@code output}'s DataType differs from the input's. */
    static void sameDataType(DiagnosticCollector out, BufferTensorDesc input, String inputField,
            BufferTensorDesc output, String outputField) {
        if (input != null && output != null && output.dataType() != input.dataType()) {
            out.report(RuleId.DATA_TYPE_MISMATCH, outputField + ".DataType", "expected " + input.dataType().name()
                    + " (" + inputField + ".DataType) but got " + output.dataType().name());
        }
    }

    /**
     * Reports UINT32_RANGE or AXIS_OUT_OF_RANGE for {@code axis}; returns whether it is a dimension of the input (so
     * false, without a report, when the input is null or its DimensionCount is out of range).
     */
    static boolean axisInRange(DiagnosticCollector out, String axisField, long axis, BufferTensorDesc input,
            String inputField) {
        if (!TensorRules.isUint32(axis)) {
            out.report(RuleId.UINT32_RANGE, axisField, TensorRules.uint32Message(axis));
            return false;
        }
        if (input == null || !TensorRules.isUint32(input.dimensionCount())) {
            return false;
        }
        long rank = input.dimensionCount();
        if (axis >= rank) {
            out.report(RuleId.AXIS_OUT_OF_RANGE, axisField, axis + " is out of range [0, " + rank + ") ("
                    + inputField + ".DimensionCount is " + rank + ")");
            return false;
        }
        return true;
    }

    /**
     * Reports UINT32_RANGE for a count field outside UINT, or {@code rule} for one outside
     * {@code [lowest, tensor.DimensionCount]}; returns whether it is in range (false, without a report, when the tensor
     * is null or its DimensionCount is out of range). IndexDimensions (GATHER) and the GATHER_ND counts are such fields.
     */
    static boolean countInRange(DiagnosticCollector out, RuleId rule, String countField, long count, long lowest,
            BufferTensorDesc tensor, String tensorField) {
        if (!TensorRules.isUint32(count)) {
            out.report(RuleId.UINT32_RANGE, countField, TensorRules.uint32Message(count));
            return false;
        }
        if (tensor == null || !TensorRules.isUint32(tensor.dimensionCount())) {
            return false;
        }
        long rank = tensor.dimensionCount();
        if (count < lowest || count > rank) {
            out.report(rule, countField, count + " is out of range [" + lowest + ", " + rank + "] (" + tensorField
                    + ".DimensionCount is " + rank + ")");
            return false;
        }
        return true;
    }
}

package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;
import java.util.List;

/**
 * Rules several operators share across their tensors and their Axis, with the same messages for every operator:
 * equal DimensionCounts, an output's DataType equal to the input's, equal sizes, {@code Axis < InputTensor.DimensionCount}
 * and the counts of the ND operators (docs/directml-behaviour.md §6.3, §10.3, §11.3, §12.3, §13.3). Null tensors (Type
 * not BUFFER) were reported already and are skipped.
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

    /**
     * Reports SIZES_MISMATCH for each size of {@code actual} that differs from {@code expected}'s, in every dimension
     * but {@code axis} (pass -1 to compare them all). Both must have comparable sizes
     * ({@link TensorRules#haveComparableSizes}).
     */
    static void sameSizesExceptAxis(DiagnosticCollector out, BufferTensorDesc expected, String expectedField,
            BufferTensorDesc actual, String actualField, long axis) {
        List<Long> expectedSizes = expected.sizes();
        List<Long> actualSizes = actual.sizes();
        for (int i = 0; i < expectedSizes.size(); i++) {
            long want = expectedSizes.get(i);
            long got = actualSizes.get(i);
            if (i != axis && want != got) {
                out.report(RuleId.SIZES_MISMATCH, actualField + ".Sizes[" + i + "]", "expected " + want + " ("
                        + expectedField + ".Sizes[" + i + "]" + (axis < 0 ? "" : ", dimension " + i + " is not Axis "
                        + axis) + ") but got " + got);
            }
        }
    }

    /** Reports SIZES_MISMATCH for each size of {@code actual} that differs from {@code expected}'s. */
    static void sameSizes(DiagnosticCollector out, BufferTensorDesc expected, String expectedField,
            BufferTensorDesc actual, String actualField) {
        sameSizesExceptAxis(out, expected, expectedField, actual, actualField, -1);
    }

    /**
     * The ND operators' "irrelevant leading ones": the sizes before the last {@code count} (InputDimensionCount or
     * IndicesDimensionCount) must each be 1 (UNCOUNTED_SIZE_NOT_1).
     */
    static void uncountedSizesAre1(DiagnosticCollector out, String tensorField, List<Long> sizes, int count,
            String countField) {
        for (int i = 0; i < sizes.size() - count; i++) {
            if (sizes.get(i) != 1) {
                out.report(RuleId.UNCOUNTED_SIZE_NOT_1, tensorField + ".Sizes[" + i + "]", "expected 1 (dimension "
                        + i + " comes before the last " + countField + " " + count + " of " + sizes.size()
                        + ") but got " + sizes.get(i));
            }
        }
    }
}

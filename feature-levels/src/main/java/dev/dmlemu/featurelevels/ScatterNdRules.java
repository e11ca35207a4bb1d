package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.ScatterNdOperatorDesc.INDICES_DIMENSION_COUNT;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.INPUT_DIMENSION_COUNT;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.OUTPUT_TENSOR;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.UPDATES_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import java.util.List;

/**
 * What DirectML's {@code CreateOperator} checks of {@code DML_OPERATOR_SCATTER_ND} besides each tensor's own rules:
 * the output is the input (DimensionCount, sizes, DataType), the updates have the input's DataType, the two counts,
 * the sizes outside the counted dimensions, the tuple length, and the updates' sizes, which are GATHER_ND's output
 * formula ({@link GatherNdShape}) aligned to the updates' own DimensionCount. Every rule was checked against the real
 * DirectML.dll 1.15.4 at level 6_4 (docs/directml-behaviour.md §13.3). Where that DLL is looser than the docs
 * (indices and updates of another DimensionCount than the input's) the validator accepts with a warning; where it ends
 * the process (a tuple longer than InputDimensionCount, §13.4) the error says so. Stateless.
 */
final class ScatterNdRules extends OperatorRules<ScatterNdOperatorDesc> {

    ScatterNdRules() {
        super(ScatterNdOperatorDesc.class, ScatterSupport.ND_SUPPORT);
    }

    @Override
    void checkOperator(ScatterNdOperatorDesc desc, CheckedTensors tensors, DiagnosticCollector out) {
        BufferTensorDesc input = tensors.get(INPUT_TENSOR);
        BufferTensorDesc indices = tensors.get(INDICES_TENSOR);
        BufferTensorDesc updates = tensors.get(UPDATES_TENSOR);
        BufferTensorDesc output = tensors.get(OUTPUT_TENSOR);
        CrossTensorRules.sameDimensionCount(out, input, INPUT_TENSOR, output, OUTPUT_TENSOR);
        CrossTensorRules.sameDataType(out, input, INPUT_TENSOR, updates, UPDATES_TENSOR);
        CrossTensorRules.sameDataType(out, input, INPUT_TENSOR, output, OUTPUT_TENSOR);
        if (TensorRules.haveComparableSizes(input, output)) {
            CrossTensorRules.sameSizes(out, input, INPUT_TENSOR, output, OUTPUT_TENSOR);
        }
        indicesAreNotBroadcast(out, indices);
        warnAboutDimensionCount(out, input, indices, INDICES_TENSOR);
        warnAboutDimensionCount(out, input, updates, UPDATES_TENSOR);
        boolean inputCountOk = CrossTensorRules.countInRange(out, RuleId.INPUT_DIMENSION_COUNT_OUT_OF_RANGE,
                INPUT_DIMENSION_COUNT, desc.inputDimensionCount(), 1, input, INPUT_TENSOR);
        boolean indicesCountOk = CrossTensorRules.countInRange(out, RuleId.INDICES_DIMENSION_COUNT_OUT_OF_RANGE,
                INDICES_DIMENSION_COUNT, desc.indicesDimensionCount(), 1, indices, INDICES_TENSOR);
        if (!inputCountOk || !indicesCountOk || !TensorRules.hasUsableSizes(input)
                || !TensorRules.hasUsableSizes(indices)) {
            return;
        }
        // The counts are at most DimensionCount, which is the length of the sizes lists: they fit in an int.
        int inputCount = (int) desc.inputDimensionCount();
        int indicesCount = (int) desc.indicesDimensionCount();
        List<Long> inputSizes = input.sizes();
        List<Long> indicesSizes = indices.sizes();
        CrossTensorRules.uncountedSizesAre1(out, INPUT_TENSOR, inputSizes, inputCount, INPUT_DIMENSION_COUNT);
        CrossTensorRules.uncountedSizesAre1(out, INDICES_TENSOR, indicesSizes, indicesCount,
                INDICES_DIMENSION_COUNT);
        int tupleAt = indicesSizes.size() - 1;
        long tuple = indicesSizes.get(tupleAt);
        if (tuple == 0) {
            return; // ZERO_SIZE was reported
        }
        if (tuple > inputCount) {
            reportTupleTooLong(out, tupleAt, tuple, inputCount, inputSizes.size(), indicesCount);
            return;
        }
        if (TensorRules.hasUsableSizes(updates)) {
            GatherNdShape.of(inputSizes, indicesSizes, inputCount, indicesCount, 0, (int) tuple,
                    updates.sizes().size()).checkTarget(out, updates.sizes(), UPDATES_TENSOR, "updates");
        }
    }

    /**
     * The docs bound the tuple by InputTensor.DimensionCount; DirectML.dll 1.15.4 bounds it by InputDimensionCount,
     * and refuses a longer one with E_INVALIDARG only when it is also longer than InputTensor.DimensionCount or
     * IndicesDimensionCount is 1. Otherwise CreateOperator ends the process (23 of 23 probes, §13.4).
     */
    private static void reportTupleTooLong(DiagnosticCollector out, int tupleAt, long tuple, int inputCount,
            int inputRank, int indicesCount) {
        String path = INDICES_TENSOR + ".Sizes[" + tupleAt + "]";
        String what = "the index tuple has " + tuple + " coordinates, more than the " + inputCount + " input "
                + "dimensions it can index (" + INPUT_DIMENSION_COUNT + " " + inputCount + ")";
        if (tuple <= inputRank && indicesCount >= 2) {
            out.report(RuleId.CREATE_OPERATOR_FAIL_FAST, path, what + ": " + MeasuredDirectMl.NAME + " terminates "
                    + "the process (fail-fast) in CreateOperator for this desc instead of refusing it; never send it "
                    + "to a device (measured at " + MeasuredDirectMl.FEATURE_LEVEL.cName()
                    + ", docs/directml-behaviour.md §13.4)");
        } else {
            out.report(RuleId.INDEX_TUPLE_TOO_LONG, path, what);
        }
    }

    /**
     * DirectML.dll 1.15.4 refuses a 0 stride on an indices dimension of size above 1 (an index tuple read for many
     * updates); other strides, overlapping ones included, are accepted (§13.3).
     */
    private static void indicesAreNotBroadcast(DiagnosticCollector out, BufferTensorDesc indices) {
        if (indices == null || indices.strides().isEmpty()) {
            return;
        }
        List<Long> sizes = indices.sizes();
        List<Long> strides = indices.strides().get();
        if (strides.size() != sizes.size()) {
            return; // STRIDES_LENGTH_MISMATCH or SIZES_LENGTH_MISMATCH was reported
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (strides.get(i) == 0 && sizes.get(i) > 1) {
                out.report(RuleId.INDICES_BROADCAST, INDICES_TENSOR + ".Strides[" + i + "]", "0 on a dimension of "
                        + "size " + sizes.get(i) + ": " + MeasuredDirectMl.NAME + " refuses broadcast indices for "
                        + "SCATTER_ND (docs/directml-behaviour.md §13.3)");
            }
        }
    }

    /** The docs want one DimensionCount for all four tensors; DirectML 1.15.4 aligns the sizes to the right (§13.3). */
    private static void warnAboutDimensionCount(DiagnosticCollector out, BufferTensorDesc input,
            BufferTensorDesc other, String otherField) {
        if (input != null && other != null && other.dimensionCount() != input.dimensionCount()) {
            out.report(RuleId.SCATTER_ND_DIMENSION_COUNTS_DIFFER, otherField + ".DimensionCount", other.dimensionCount()
                    + " differs from " + INPUT_TENSOR + ".DimensionCount " + input.dimensionCount() + "; the docs "
                    + "require one DimensionCount for all four tensors, " + MeasuredDirectMl.NAME + " accepts it and "
                    + "aligns the sizes to the right (docs/directml-behaviour.md §13.3)");
        }
    }
}

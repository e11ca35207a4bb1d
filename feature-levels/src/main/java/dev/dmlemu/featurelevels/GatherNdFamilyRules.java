package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.GatherNdOperatorDesc.INDICES_DIMENSION_COUNT;
import static dev.dmlemu.desc.GatherNdOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherNdOperatorDesc.INPUT_DIMENSION_COUNT;
import static dev.dmlemu.desc.GatherNdOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.GatherNdOperatorDesc.OUTPUT_TENSOR;
import static dev.dmlemu.desc.GatherNd1OperatorDesc.BATCH_DIMENSION_COUNT;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What DirectML's {@code CreateOperator} checks of {@code DML_OPERATOR_GATHER_ND} and {@code GATHER_ND1} besides each
 * tensor's own rules: equal DimensionCounts, the output's DataType, the three counts, the sizes outside the counted
 * dimensions, the tuple length and the output's sizes ({@link GatherNdShape}). GATHER_ND is GATHER_ND1 with
 * BatchDimensionCount 0, so both share these rules. Every rule was checked against the real DirectML.dll 1.15.4 at
 * level 6_4 (docs/directml-behaviour.md §11.3); where DirectML accepts batch sizes the docs' pseudocode does not
 * allow, the validator accepts them with a warning. Stateless.
 *
 * @param <D> GATHER_ND's or GATHER_ND1's desc; {@link #gatherNd()} and {@link #gatherNd1()} make the two
 */
final class GatherNdFamilyRules<D extends OperatorDesc> extends OperatorRules<D> {

    private final ToLongFunction<D> inputDimensionCount;
    private final ToLongFunction<D> indicesDimensionCount;
    private final ToLongFunction<D> batchDimensionCount;

    private GatherNdFamilyRules(Class<D> descType, OperatorSupport support, ToLongFunction<D> inputDimensionCount,
            ToLongFunction<D> indicesDimensionCount, ToLongFunction<D> batchDimensionCount) {
        super(descType, support);
        this.inputDimensionCount = inputDimensionCount;
        this.indicesDimensionCount = indicesDimensionCount;
        this.batchDimensionCount = batchDimensionCount;
    }

    /** {@code DML_OPERATOR_GATHER_ND}: no batch dimensions. */
    static GatherNdFamilyRules<GatherNdOperatorDesc> gatherNd() {
        return new GatherNdFamilyRules<>(GatherNdOperatorDesc.class, GatherNdSupport.ND_SUPPORT,
                GatherNdOperatorDesc::inputDimensionCount, GatherNdOperatorDesc::indicesDimensionCount, desc -> 0);
    }

    /** {@code DML_OPERATOR_GATHER_ND1}: its BatchDimensionCount. */
    static GatherNdFamilyRules<GatherNd1OperatorDesc> gatherNd1() {
        return new GatherNdFamilyRules<>(GatherNd1OperatorDesc.class, GatherNdSupport.ND1_SUPPORT,
                GatherNd1OperatorDesc::inputDimensionCount, GatherNd1OperatorDesc::indicesDimensionCount,
                GatherNd1OperatorDesc::batchDimensionCount);
    }

    @Override
    void checkOperator(D desc, CheckedTensors tensors, DiagnosticCollector out) {
        BufferTensorDesc input = tensors.get(INPUT_TENSOR);
        BufferTensorDesc indices = tensors.get(INDICES_TENSOR);
        BufferTensorDesc output = tensors.get(OUTPUT_TENSOR);
        CrossTensorRules.gatherTensorsAgree(out, input, indices, output);
        boolean inputCountOk = CrossTensorRules.countInRange(out, RuleId.INPUT_DIMENSION_COUNT_OUT_OF_RANGE,
                INPUT_DIMENSION_COUNT, inputDimensionCount.applyAsLong(desc), 1, input, INPUT_TENSOR);
        boolean indicesCountOk = CrossTensorRules.countInRange(out, RuleId.INDICES_DIMENSION_COUNT_OUT_OF_RANGE,
                INDICES_DIMENSION_COUNT, indicesDimensionCount.applyAsLong(desc), 1, indices, INDICES_TENSOR);
        long batchCount = batchDimensionCount.applyAsLong(desc);
        if (!TensorRules.isUint32(batchCount)) {
            out.report(RuleId.UINT32_RANGE, BATCH_DIMENSION_COUNT, TensorRules.uint32Message(batchCount));
            return;
        }
        if (!inputCountOk || !indicesCountOk || !TensorRules.haveComparableSizes(input, indices)) {
            return;
        }
        // The counts are at most DimensionCount, which is the length of the sizes lists: they fit in an int.
        int inputCount = (int) inputDimensionCount.applyAsLong(desc);
        int indicesCount = (int) indicesDimensionCount.applyAsLong(desc);
        if (batchCount >= inputCount || batchCount >= indicesCount) {
            out.report(RuleId.BATCH_DIMENSION_COUNT_OUT_OF_RANGE, BATCH_DIMENSION_COUNT, batchCount + " is not below "
                    + INPUT_DIMENSION_COUNT + " " + inputCount + " and " + INDICES_DIMENSION_COUNT + " "
                    + indicesCount + " (measured on " + GatherRules.MEASURED_ON + "; the docs bound it by the "
                    + "DimensionCounts)");
            return;
        }
        int batch = (int) batchCount;
        List<Long> inputSizes = input.sizes();
        List<Long> indicesSizes = indices.sizes();
        int rank = inputSizes.size();
        CrossTensorRules.uncountedSizesAre1(out, INPUT_TENSOR, inputSizes, inputCount, INPUT_DIMENSION_COUNT);
        CrossTensorRules.uncountedSizesAre1(out, INDICES_TENSOR, indicesSizes, indicesCount,
                INDICES_DIMENSION_COUNT);
        long tuple = indicesSizes.get(rank - 1);
        if (tuple == 0) {
            return; // ZERO_SIZE was reported
        }
        if (tuple > inputCount - batch) {
            out.report(RuleId.INDEX_TUPLE_TOO_LONG, INDICES_TENSOR + ".Sizes[" + (rank - 1) + "]", "the index tuple "
                    + "has " + tuple + " coordinates, more than the " + (inputCount - batch) + " input dimensions "
                    + "it can index (" + INPUT_DIMENSION_COUNT + " " + inputCount
                    + (batch == 0 ? "" : " - " + BATCH_DIMENSION_COUNT + " " + batch) + ")");
            return;
        }
        warnAboutBatchSizes(out, inputSizes, indicesSizes, inputCount, indicesCount, batch);
        if (!TensorRules.haveComparableSizes(input, output)) {
            return;
        }
        GatherNdShape.of(inputSizes, indicesSizes, inputCount, indicesCount, batch, (int) tuple, rank)
                .checkTarget(out, output.sizes(), OUTPUT_TENSOR, "output");
    }

    /**
     * The docs' pseudocode reads {@code input[batch, indices[batch, ...], ...]}: one batch coordinate for both.
     * DirectML.dll 1.15.4 accepts batch sizes that differ and takes the batch coordinate from the output (§11.4).
     */
    private static void warnAboutBatchSizes(DiagnosticCollector out, List<Long> inputSizes, List<Long> indicesSizes,
            int inputCount, int indicesCount, int batch) {
        int rank = inputSizes.size();
        for (int j = 0; j < batch; j++) {
            int inputAt = rank - inputCount + j;
            int indicesAt = rank - indicesCount + j;
            long inputSize = inputSizes.get(inputAt);
            long indicesSize = indicesSizes.get(indicesAt);
            if (inputSize != indicesSize) {
                out.report(RuleId.BATCH_SIZES_DIFFER, INDICES_TENSOR + ".Sizes[" + indicesAt + "]", "batch "
                        + "dimension " + j + " has size " + indicesSize + " here and " + inputSize + " in "
                        + INPUT_TENSOR + ".Sizes[" + inputAt + "]; the docs' pseudocode uses one batch coordinate "
                        + "for both, " + GatherRules.MEASURED_ON + " accepts it and takes the batch coordinate "
                        + "from the output, so a batch past the input's reads on through the input buffer "
                        + "(docs/directml-behaviour.md §11.4)");
            }
        }
    }
}

package dev.dmlemu.desc;

import java.util.List;
import java.util.Objects;

/**
 * {@code DML_GATHER_ND1_OPERATOR_DESC}, field for field in C order: {@link GatherNdOperatorDesc} with leading batch
 * dimensions, {@code output[batch, ...] = input[batch, indices[batch, ...], ...]}. With {@code BatchDimensionCount}
 * 0 it is GATHER_ND (docs/directml-behaviour.md §11).
 *
 * @param inputTensor {@code InputTensor}: the tensor to read from
 * @param indicesTensor {@code IndicesTensor}: per batch, tuples of coordinates into the input
 * @param outputTensor {@code OutputTensor}: the data type of the input
 * @param inputDimensionCount {@code InputDimensionCount} ({@code UINT}), as in GATHER_ND
 * @param indicesDimensionCount {@code IndicesDimensionCount} ({@code UINT}), as in GATHER_ND
 * @param batchDimensionCount {@code BatchDimensionCount} ({@code UINT}): how many of the counted dimensions are
 *     batches, below both counts when valid
 */
public record GatherNd1OperatorDesc(
        TensorDesc inputTensor,
        TensorDesc indicesTensor,
        TensorDesc outputTensor,
        long inputDimensionCount,
        long indicesDimensionCount,
        long batchDimensionCount) implements OperatorDesc {

    public static final String BATCH_DIMENSION_COUNT = "BatchDimensionCount";

    public GatherNd1OperatorDesc {
        Objects.requireNonNull(inputTensor, GatherNdOperatorDesc.INPUT_TENSOR);
        Objects.requireNonNull(indicesTensor, GatherNdOperatorDesc.INDICES_TENSOR);
        Objects.requireNonNull(outputTensor, GatherNdOperatorDesc.OUTPUT_TENSOR);
    }

    @Override
    public OperatorType operatorType() {
        return OperatorType.GATHER_ND1;
    }

    @Override
    public List<TensorField> tensorFields() {
        return List.of(
                new TensorField(GatherNdOperatorDesc.INPUT_TENSOR, TensorKind.INPUT, inputTensor),
                new TensorField(GatherNdOperatorDesc.INDICES_TENSOR, TensorKind.INPUT, indicesTensor),
                new TensorField(GatherNdOperatorDesc.OUTPUT_TENSOR, TensorKind.OUTPUT, outputTensor));
    }
}

package dev.dmlemu.desc;

import java.util.List;
import java.util.Objects;

/**
 * {@code DML_SCATTER_ND_OPERATOR_DESC}, field for field in C order: the output is a copy of the input in which whole
 * slices are overwritten by the updates, each slice chosen by a tuple of coordinates from the indices. The last
 * indices dimension is the tuple length; the updates' sizes are the indices' sizes without it, then the input's
 * sizes after the indexed ones, right-aligned with leading 1s (docs/directml-behaviour.md §13).
 *
 * @param inputTensor {@code InputTensor}: the tensor the output starts as
 * @param indicesTensor {@code IndicesTensor}: tuples of coordinates into the input
 * @param updatesTensor {@code UpdatesTensor}: the slices to write, the input's data type
 * @param outputTensor {@code OutputTensor}: the input's sizes and data type
 * @param inputDimensionCount {@code InputDimensionCount} ({@code UINT}): how many trailing input dimensions count,
 *     in {@code [1, DimensionCount]} when valid
 * @param indicesDimensionCount {@code IndicesDimensionCount} ({@code UINT}): how many trailing indices dimensions
 *     count, the tuple dimension included, in {@code [1, DimensionCount]} when valid
 */
public record ScatterNdOperatorDesc(
        TensorDesc inputTensor,
        TensorDesc indicesTensor,
        TensorDesc updatesTensor,
        TensorDesc outputTensor,
        long inputDimensionCount,
        long indicesDimensionCount) implements OperatorDesc {

    public static final String INPUT_TENSOR = "InputTensor";
    public static final String INDICES_TENSOR = "IndicesTensor";
    public static final String UPDATES_TENSOR = "UpdatesTensor";
    public static final String OUTPUT_TENSOR = "OutputTensor";
    public static final String INPUT_DIMENSION_COUNT = "InputDimensionCount";
    public static final String INDICES_DIMENSION_COUNT = "IndicesDimensionCount";

    public ScatterNdOperatorDesc {
        Objects.requireNonNull(inputTensor, INPUT_TENSOR);
        Objects.requireNonNull(indicesTensor, INDICES_TENSOR);
        Objects.requireNonNull(updatesTensor, UPDATES_TENSOR);
        Objects.requireNonNull(outputTensor, OUTPUT_TENSOR);
    }

    @Override
    public OperatorType operatorType() {
        return OperatorType.SCATTER_ND;
    }

    @Override
    public List<TensorField> tensorFields() {
        return List.of(
                new TensorField(INPUT_TENSOR, TensorKind.INPUT, inputTensor),
                new TensorField(INDICES_TENSOR, TensorKind.INPUT, indicesTensor),
                new TensorField(UPDATES_TENSOR, TensorKind.INPUT, updatesTensor),
                new TensorField(OUTPUT_TENSOR, TensorKind.OUTPUT, outputTensor));
    }
}

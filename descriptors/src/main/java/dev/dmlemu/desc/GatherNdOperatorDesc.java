package dev.dmlemu.desc;

import java.util.List;
import java.util.Objects;

/**
 * {@code DML_GATHER_ND_OPERATOR_DESC}, field for field in C order: whole slices of the input, each chosen by a tuple of
 * coordinates from the indices. The last indices dimension is the tuple length; the output's sizes are the indices'
 * sizes without it, then the input's sizes after the indexed ones, right-aligned to the common DimensionCount
 * (docs/directml-behaviour.md §11).
 *
 * @param inputTensor {@code InputTensor}: the tensor to read from
 * @param indicesTensor {@code IndicesTensor}: tuples of coordinates into the input
 * @param outputTensor {@code OutputTensor}: the data type of the input
 * @param inputDimensionCount {@code InputDimensionCount} ({@code UINT}): how many trailing input dimensions count,
 *     in {@code [1, DimensionCount]} when valid
 * @param indicesDimensionCount {@code IndicesDimensionCount} ({@code UINT}): how many trailing indices dimensions
 *     count, the tuple dimension included, in {@code [1, DimensionCount]} when valid
 */
public record GatherNdOperatorDesc(
        TensorDesc inputTensor,
        TensorDesc indicesTensor,
        TensorDesc outputTensor,
        long inputDimensionCount,
        long indicesDimensionCount) implements OperatorDesc {

    public static final String INPUT_TENSOR = "InputTensor";
    public static final String INDICES_TENSOR = "IndicesTensor";
    public static final String OUTPUT_TENSOR = "OutputTensor";
    public static final String INPUT_DIMENSION_COUNT = "InputDimensionCount";
    public static final String INDICES_DIMENSION_COUNT = "IndicesDimensionCount";

    public GatherNdOperatorDesc {
        Objects.requireNonNull(inputTensor, INPUT_TENSOR);
        Objects.requireNonNull(indicesTensor, INDICES_TENSOR);
        Objects.requireNonNull(outputTensor, OUTPUT_TENSOR);
    }

    @Override
    public OperatorType operatorType() {
        return OperatorType.GATHER_ND;
    }

    @Override
    public List<TensorField> tensorFields() {
        return List.of(
                new TensorField(INPUT_TENSOR, TensorKind.INPUT, inputTensor),
                new TensorField(INDICES_TENSOR, TensorKind.INPUT, indicesTensor),
                new TensorField(OUTPUT_TENSOR, TensorKind.OUTPUT, outputTensor));
    }
}

package dev.dmlemu.desc;

import java.util.List;
import java.util.Objects;

/**
 * {@code DML_SCATTER_ELEMENTS_OPERATOR_DESC} (also spelled {@code DML_SCATTER_OPERATOR_DESC}), field for field in C
 * order: the output is a copy of the input in which each update is written at its own coordinate with that
 * coordinate's Axis entry replaced by the index at the same place (docs/directml-behaviour.md §12).
 *
 * @param inputTensor {@code InputTensor}: the tensor the output starts as
 * @param indicesTensor {@code IndicesTensor}: the input's sizes except along Axis
 * @param updatesTensor {@code UpdatesTensor}: the values to write, the indices' sizes and the input's data type
 * @param outputTensor {@code OutputTensor}: the input's sizes and data type
 * @param axis {@code Axis} ({@code UINT}): the dimension the indices index, in {@code [0, DimensionCount)} when valid
 */
public record ScatterElementsOperatorDesc(
        TensorDesc inputTensor,
        TensorDesc indicesTensor,
        TensorDesc updatesTensor,
        TensorDesc outputTensor,
        long axis) implements OperatorDesc {

    public static final String INPUT_TENSOR = "InputTensor";
    public static final String INDICES_TENSOR = "IndicesTensor";
    public static final String UPDATES_TENSOR = "UpdatesTensor";
    public static final String OUTPUT_TENSOR = "OutputTensor";
    public static final String AXIS = "Axis";

    public ScatterElementsOperatorDesc {
        Objects.requireNonNull(inputTensor, INPUT_TENSOR);
        Objects.requireNonNull(indicesTensor, INDICES_TENSOR);
        Objects.requireNonNull(updatesTensor, UPDATES_TENSOR);
        Objects.requireNonNull(outputTensor, OUTPUT_TENSOR);
    }

    @Override
    public OperatorType operatorType() {
        return OperatorType.SCATTER_ELEMENTS;
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

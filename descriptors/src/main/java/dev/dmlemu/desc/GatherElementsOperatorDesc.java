package dev.dmlemu.desc;

import java.util.List;
import java.util.Objects;

/**
 * {@code DML_GATHER_ELEMENTS_OPERATOR_DESC}, field for field in C order:
 * {@code output[i, j, k, ...] = input[i, j, indices[i, j, k, ...], ...]} with the index in position {@code axis}.
 *
 * @param inputTensor {@code InputTensor}: the tensor to read from
 * @param indicesTensor {@code IndicesTensor}: positions along {@code Axis}
 * @param outputTensor {@code OutputTensor}: sizes of the indices, data type of the input
 * @param axis {@code Axis} ({@code UINT}), in {@code [0, DimensionCount)} when valid
 */
public record GatherElementsOperatorDesc(
        TensorDesc inputTensor,
        TensorDesc indicesTensor,
        TensorDesc outputTensor,
        long axis) implements OperatorDesc {

    public static final String INPUT_TENSOR = "InputTensor";
    public static final String INDICES_TENSOR = "IndicesTensor";
    public static final String OUTPUT_TENSOR = "OutputTensor";
    public static final String AXIS = "Axis";

    public GatherElementsOperatorDesc {
        Objects.requireNonNull(inputTensor, INPUT_TENSOR);
        Objects.requireNonNull(indicesTensor, INDICES_TENSOR);
        Objects.requireNonNull(outputTensor, OUTPUT_TENSOR);
    }

    @Override
    public OperatorType operatorType() {
        return OperatorType.GATHER_ELEMENTS;
    }

    @Override
    public List<TensorField> tensorFields() {
        return List.of(
                new TensorField(INPUT_TENSOR, TensorKind.INPUT, inputTensor),
                new TensorField(INDICES_TENSOR, TensorKind.INPUT, indicesTensor),
                new TensorField(OUTPUT_TENSOR, TensorKind.OUTPUT, outputTensor));
    }
}

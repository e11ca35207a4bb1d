package dev.dmlemu.desc;

import java.util.List;
import java.util.Objects;

/**
 * {@code DML_GATHER_OPERATOR_DESC}, field for field in C order: slices of the input along {@code Axis}, chosen by the
 * last {@code IndexDimensions} dimensions of the indices. The output's sizes are the input's before the axis, then
 * those index dimensions, then the input's after the axis, right-aligned to the common DimensionCount.
 *
 * @param inputTensor {@code InputTensor}: the tensor to read from
 * @param indicesTensor {@code IndicesTensor}: positions along {@code Axis}
 * @param outputTensor {@code OutputTensor}: the data type of the input
 * @param axis {@code Axis} ({@code UINT}), in {@code [0, DimensionCount)} when valid
 * @param indexDimensions {@code IndexDimensions} ({@code UINT}): how many trailing indices dimensions index the axis
 */
public record GatherOperatorDesc(
        TensorDesc inputTensor,
        TensorDesc indicesTensor,
        TensorDesc outputTensor,
        long axis,
        long indexDimensions) implements OperatorDesc {

    public static final String INPUT_TENSOR = "InputTensor";
    public static final String INDICES_TENSOR = "IndicesTensor";
    public static final String OUTPUT_TENSOR = "OutputTensor";
    public static final String AXIS = "Axis";
    public static final String INDEX_DIMENSIONS = "IndexDimensions";

    public GatherOperatorDesc {
        Objects.requireNonNull(inputTensor, INPUT_TENSOR);
        Objects.requireNonNull(indicesTensor, INDICES_TENSOR);
        Objects.requireNonNull(outputTensor, OUTPUT_TENSOR);
    }

    @Override
    public OperatorType operatorType() {
        return OperatorType.GATHER;
    }

    @Override
    public List<TensorField> tensorFields() {
        return List.of(
                new TensorField(INPUT_TENSOR, TensorKind.INPUT, inputTensor),
                new TensorField(INDICES_TENSOR, TensorKind.INPUT, indicesTensor),
                new TensorField(OUTPUT_TENSOR, TensorKind.OUTPUT, outputTensor));
    }
}

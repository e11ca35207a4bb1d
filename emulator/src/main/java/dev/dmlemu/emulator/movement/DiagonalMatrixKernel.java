package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrix1OperatorDesc;
import dev.dmlemu.desc.DiagonalMatrixOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.Optional;

/**
 * DIAGONAL_MATRIX and DIAGONAL_MATRIX1: the output is a stack of matrices (its last two dimensions), each element on
 * the {@code DiagonalBand} the Value, every other element 0 or, for DIAGONAL_MATRIX1 with an InputTensor, the input's
 * element. DIAGONAL_MATRIX's FLOAT Value becomes an integer element as PADDING's does (docs/directml-behaviour.md
 * §16.8); DIAGONAL_MATRIX1's Value is the member ValueDataType selects, its bytes copied.
 */
public final class DiagonalMatrixKernel implements OperatorKernel {

    private final OperatorType type;

    private DiagonalMatrixKernel(OperatorType type) {
        this.type = type;
    }

    public static DiagonalMatrixKernel diagonalMatrix() {
        return new DiagonalMatrixKernel(OperatorType.DIAGONAL_MATRIX);
    }

    public static DiagonalMatrixKernel diagonalMatrix1() {
        return new DiagonalMatrixKernel(OperatorType.DIAGONAL_MATRIX1);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        BufferTensorDesc output = operator.tensor("OutputTensor");
        int elementSize = Shapes.elementSize(type, output);
        long[] sizes = Shapes.sizes(output);
        if (sizes.length < 2) {
            throw Shapes.refuse(type, "the OutputTensor needs two dimensions to hold matrices");
        }
        DiagonalBand band;
        byte[] value;
        Optional<BufferTensorDesc> input = Optional.empty();
        if (type == OperatorType.DIAGONAL_MATRIX) {
            DiagonalMatrixOperatorDesc desc = operator.desc(DiagonalMatrixOperatorDesc.class);
            band = new DiagonalBand(desc.offset(), (long) desc.offset() + 1);
            value = PaddingValue.fromFloat(type, desc.value(), output.dataType());
        } else {
            DiagonalMatrix1OperatorDesc desc = operator.desc(DiagonalMatrix1OperatorDesc.class);
            if (desc.valueDataType() != output.dataType()) {
                throw Shapes.refuse(type, "ValueDataType " + desc.valueDataType()
                        + " must equal the OutputTensor's DataType " + output.dataType());
            }
            band = new DiagonalBand(desc.diagonalFillBegin(), desc.diagonalFillEnd());
            value = ScalarBytes.of(desc.value().bits(), elementSize);
            TensorDesc in = desc.inputTensor();
            if (in instanceof BufferTensorDesc buffer) {
                Shapes.requireSameType(type, buffer, output, "InputTensor and OutputTensor");
                if (!buffer.sizes().equals(output.sizes())) {
                    throw Shapes.refuse(type, "InputTensor " + buffer.sizes() + " and OutputTensor "
                            + output.sizes() + " must have the same sizes");
                }
                input = Optional.of(buffer);
            }
        }
        int last = sizes.length - 1;
        long[][] strides = input.isPresent()
                ? new long[][] {Shapes.strides(output), Shapes.strides(input.get())}
                : new long[][] {Shapes.strides(output)};
        int[] elementSizes = input.isPresent() ? new int[] {elementSize, elementSize} : new int[] {elementSize};
        AxisLines rows = AxisLines.of(sizes, last, strides, elementSizes);
        return new DiagonalMatrixExecution(operator.desc(), rows, sizes[last - 1], band, value, input.isPresent(),
                parallelism.forOutput(output));
    }
}

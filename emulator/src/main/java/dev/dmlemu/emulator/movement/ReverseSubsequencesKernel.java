package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReverseSubsequencesOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * REVERSE_SUBSEQUENCES: along Axis, each line's first {@code L} elements are written in reverse order and the rest
 * copied, {@code L} the low 32 bits of its sequence length. As measured (docs/directml-behaviour.md §16.8), a length
 * past the line is not clamped: output element {@code k < L} reads element {@code L - 1 - k} clamped to the line's
 * last, so a line of 4 with length 5 gives {@code [4, 4, 3, 2]}.
 */
public final class ReverseSubsequencesKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.REVERSE_SUBSEQUENCES;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        ReverseSubsequencesOperatorDesc desc = operator.desc(ReverseSubsequencesOperatorDesc.class);
        OperatorType type = operatorType();
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc lengths = operator.tensor("SequenceLengthsTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        if (!input.sizes().equals(output.sizes())) {
            throw Shapes.refuse(type, "InputTensor " + input.sizes() + " and OutputTensor " + output.sizes()
                    + " must have the same sizes");
        }
        if (lengths.dataType() != TensorDataType.UINT32 && lengths.dataType() != TensorDataType.UINT64) {
            throw Shapes.refuse(type, "SequenceLengthsTensor must hold UINT32 or UINT64, not " + lengths.dataType());
        }
        int elementSize = Shapes.elementSize(type, input);
        long[] sizes = Shapes.sizes(input);
        if (desc.axis() >= sizes.length) {
            throw Shapes.refuse(type, "Axis " + desc.axis() + " is not a dimension of " + sizes.length);
        }
        int axis = (int) desc.axis();
        long[] seq = Shapes.sizes(lengths);
        Shapes.requireRank(type, "SequenceLengthsTensor", sizes.length, seq.length);
        for (int d = 0; d < sizes.length; d++) {
            if (seq[d] != (d == axis ? 1 : sizes[d])) {
                throw Shapes.refuse(type, "SequenceLengthsTensor must have the input's sizes with 1 along Axis, not "
                        + lengths.sizes() + " for " + input.sizes());
            }
        }
        AxisLines lines = AxisLines.of(sizes, axis, new long[][] {Shapes.strides(input), Shapes.strides(lengths),
            Shapes.strides(output)}, new int[] {elementSize, lengths.dataType().sizeInBytes(), elementSize});
        return new ReverseSubsequencesExecution(desc, lines, lengths.dataType().sizeInBytes(), elementSize,
                parallelism.forOutput(output));
    }
}

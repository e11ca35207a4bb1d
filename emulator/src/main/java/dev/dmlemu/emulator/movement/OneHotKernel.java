package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OneHotOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * ONE_HOT: along Axis, each sequence of the output is the off value but at the position its index names, which holds
 * the on value. The off value is the ValuesTensor's first element and the on value element 1 along its last
 * dimension (through that dimension's stride, whatever its size: the second element of a packed tensor); a
 * negative index of a signed type counts from the sequence's end and then keeps its low 32 bits, and an index outside
 * the sequence writes no on value (docs/directml-behaviour.md §16.8).
 */
public final class OneHotKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.ONE_HOT;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        OneHotOperatorDesc desc = operator.desc(OneHotOperatorDesc.class);
        OperatorType type = operatorType();
        BufferTensorDesc indices = operator.tensor("IndicesTensor");
        BufferTensorDesc values = operator.tensor("ValuesTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, values, output, "ValuesTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, output);
        IndexValues indexValues = IndexValues.of(type, "IndicesTensor", indices.dataType());
        long[] out = Shapes.sizes(output);
        long[] in = Shapes.sizes(indices);
        if (desc.axis() >= out.length) {
            throw Shapes.refuse(type, "Axis " + desc.axis() + " is not a dimension of " + out.length);
        }
        int axis = (int) desc.axis();
        Shapes.requireRank(type, "IndicesTensor", out.length, in.length);
        for (int d = 0; d < out.length; d++) {
            if (in[d] != (d == axis ? 1 : out[d])) {
                throw Shapes.refuse(type, "IndicesTensor must have the output's sizes with 1 along Axis, not "
                        + indices.sizes() + " for " + output.sizes());
            }
        }
        // Measured: the on value is element 1 along the innermost dimension, through its stride, whatever the sizes.
        long[] valueStrides = Shapes.strides(values);
        long onOffset = Math.multiplyExact(valueStrides[valueStrides.length - 1], elementSize);
        if (onOffset + elementSize > values.totalTensorSizeInBytes()) {
            throw Shapes.refuse(type, "the on value (element 1 along the ValuesTensor's last dimension, byte "
                    + onOffset + ") lies outside its TotalTensorSizeInBytes " + values.totalTensorSizeInBytes());
        }
        AxisLines lines = AxisLines.of(out, axis, new long[][] {Shapes.strides(indices), Shapes.strides(output)},
                new int[] {indexValues.size(), elementSize});
        return new OneHotExecution(desc, lines, indexValues, elementSize, onOffset, parallelism.forOutput(output));
    }
}

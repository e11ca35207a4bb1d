package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * MAX_UNPOOLING: the output zeroed, then each input element written where its index names: the index is an element
 * number of the whole output in row-major order (across batches and channels, not per plane), its low 32 bits for
 * UINT64; an index past the output writes nothing, and of several writes to one element the last in the input's
 * row-major order stays (docs/directml-behaviour.md §16.8). The input is walked on one thread, in that order.
 */
public final class MaxUnpoolingKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.MAX_UNPOOLING;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        OperatorType type = operatorType();
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc indices = operator.tensor("IndicesTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        if (indices.dataType() != TensorDataType.UINT32 && indices.dataType() != TensorDataType.UINT64) {
            throw Shapes.refuse(type, "IndicesTensor must hold UINT32 or UINT64, not " + indices.dataType());
        }
        if (!indices.sizes().equals(input.sizes())) {
            throw Shapes.refuse(type, "IndicesTensor " + indices.sizes() + " must have the InputTensor's sizes "
                    + input.sizes());
        }
        int elementSize = Shapes.elementSize(type, output);
        return new MaxUnpoolingExecution(operator.desc(), Shapes.sizes(input), Shapes.strides(input),
                Shapes.strides(indices), indices.dataType().sizeInBytes(), Shapes.sizes(output),
                Shapes.strides(output), elementSize);
    }
}

package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * FILL_VALUE_SEQUENCE: the output element with row-major index {@code i} is {@code ValueStart + i * ValueDelta},
 * FLOAT32 as {@code start + round(round(i) * delta)}, integers modulo 2^width (docs/directml-behaviour.md §16).
 */
public final class FillValueSequenceKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.FILL_VALUE_SEQUENCE;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        FillValueSequenceOperatorDesc desc = operator.desc(FillValueSequenceOperatorDesc.class);
        BufferTensorDesc output = operator.tensor("OutputTensor");
        if (desc.valueDataType() != output.dataType()) {
            throw Shapes.refuse(operatorType(), "ValueDataType " + desc.valueDataType()
                    + " must equal the OutputTensor's DataType " + output.dataType());
        }
        int elementSize = Shapes.elementSize(operatorType(), output);
        Arithmetic arithmetic = Arithmetic.of(operatorType(), output.dataType());
        long[] sizes = Shapes.sizes(output);
        long[] strides = Shapes.strides(output);
        int rank = sizes.length;
        long rowLength = rank == 0 ? 1 : sizes[rank - 1];
        long rowStep = rank == 0 ? 0 : strides[rank - 1] * elementSize;
        long[] outer = new long[Math.max(rank - 1, 0)];
        long[] outerStrides = new long[outer.length];
        for (int d = 0; d < outer.length; d++) {
            outer[d] = sizes[d];
            outerStrides[d] = strides[d] * elementSize;
        }
        long mask = elementSize == 8 ? -1L : (1L << (8 * elementSize)) - 1;
        return new SequenceExecution(desc, new Rows(outer, outerStrides, rowLength, rowStep), elementSize, arithmetic,
                desc.valueStart().bits() & mask, desc.valueDelta().bits() & mask, parallelism.forOutput(output));
    }
}

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
 * NONZERO_COORDINATES: the coordinates of the input's nonzero elements, in row-major order, one row of the
 * OutputCoordinatesTensor each, and their count in the OutputCountTensor. As measured (docs/directml-behaviour.md
 * §16.8), -0.0 is zero, NaN and subnormals are not, and the rows past the count keep what the buffer held.
 */
public final class NonzeroCoordinatesKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.NONZERO_COORDINATES;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        OperatorType type = operatorType();
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc count = operator.tensor("OutputCountTensor");
        BufferTensorDesc coordinates = operator.tensor("OutputCoordinatesTensor");
        ZeroTest zero = ZeroTest.of(type, input.dataType());
        if (count.dataType() != TensorDataType.UINT32 || coordinates.dataType() != TensorDataType.UINT32) {
            throw Shapes.refuse(type, "OutputCountTensor and OutputCoordinatesTensor must be UINT32");
        }
        if (count.sizes().stream().anyMatch(size -> size != 1)) {
            throw Shapes.refuse(type, "OutputCountTensor must hold one element, not " + count.sizes());
        }
        long[] sizes = Shapes.sizes(input);
        long elements = 1;
        for (long size : sizes) {
            elements = Math.multiplyExact(elements, size);
        }
        long[] rows = Shapes.sizes(coordinates);
        int r = rows.length;
        boolean leadingOnes = true;
        for (int d = 0; d < r - 2; d++) {
            leadingOnes &= rows[d] == 1;
        }
        if (r < 2 || !leadingOnes || rows[r - 2] != elements || rows[r - 1] != sizes.length) {
            throw Shapes.refuse(type, "OutputCoordinatesTensor must be [1, ..., 1, " + elements + ", "
                    + sizes.length + "] for the InputTensor " + input.sizes() + ", not " + coordinates.sizes());
        }
        long[] coordinateStrides = Shapes.strides(coordinates);
        return new NonzeroCoordinatesExecution(operator.desc(), sizes, Shapes.strides(input),
                Shapes.elementSize(type, input), zero, coordinateStrides[r - 2], coordinateStrides[r - 1]);
    }
}

package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.CumulativeSummationOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * CUMULATIVE_SUMMATION and CUMULATIVE_PRODUCT: along Axis, in AxisDirection's order, each output element is the
 * running sum (product) of the inputs up to it, or before it when exclusive. The running value is carried one element
 * at a time in the tensor's own type, the order the real DLL was measured to use (docs/directml-behaviour.md §16).
 */
public final class ScanKernel implements OperatorKernel {

    private final OperatorType type;

    private ScanKernel(OperatorType type) {
        this.type = type;
    }

    public static ScanKernel summation() {
        return new ScanKernel(OperatorType.CUMULATIVE_SUMMATION);
    }

    public static ScanKernel product() {
        return new ScanKernel(OperatorType.CUMULATIVE_PRODUCT);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    /** What the scan needs from either desc. */
    record ScanDesc(long axis, AxisDirection direction, boolean exclusive) {}

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        ScanDesc scan;
        if (type == OperatorType.CUMULATIVE_SUMMATION) {
            CumulativeSummationOperatorDesc desc = operator.desc(CumulativeSummationOperatorDesc.class);
            scan = new ScanDesc(desc.axis(), desc.axisDirection(), desc.hasExclusiveSum());
        } else {
            CumulativeProductOperatorDesc desc = operator.desc(CumulativeProductOperatorDesc.class);
            scan = new ScanDesc(desc.axis(), desc.axisDirection(), desc.hasExclusiveProduct());
        }
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        if (!input.sizes().equals(output.sizes())) {
            throw Shapes.refuse(type, "InputTensor " + input.sizes() + " and OutputTensor " + output.sizes()
                    + " must have the same sizes");
        }
        long[] sizes = Shapes.sizes(input);
        if (scan.axis() >= sizes.length) {
            throw Shapes.refuse(type, "Axis " + scan.axis() + " is not a dimension of " + sizes.length);
        }
        int elementSize = Shapes.elementSize(type, input);
        Arithmetic arithmetic = Arithmetic.of(type, input.dataType());
        int axis = (int) scan.axis();
        long[] inStrides = Shapes.strides(input);
        long[] outStrides = Shapes.strides(output);
        long[] outer = new long[sizes.length - 1];
        long[] inOuter = new long[outer.length];
        long[] outOuter = new long[outer.length];
        for (int d = 0, o = 0; d < sizes.length; d++) {
            if (d != axis) {
                outer[o] = sizes[d];
                inOuter[o] = inStrides[d] * elementSize;
                outOuter[o] = outStrides[d] * elementSize;
                o++;
            }
        }
        long length = sizes[axis];
        boolean backwards = scan.direction() == AxisDirection.DECREASING;
        // Backwards, a line starts at its last element and steps down.
        long inStep = (backwards ? -inStrides[axis] : inStrides[axis]) * elementSize;
        long outStep = (backwards ? -outStrides[axis] : outStrides[axis]) * elementSize;
        long inFirst = backwards ? (length - 1) * inStrides[axis] * elementSize : 0;
        long outFirst = backwards ? (length - 1) * outStrides[axis] * elementSize : 0;
        ScanLines lines = new ScanLines(outer, inOuter, outOuter, length, inFirst, inStep, outFirst, outStep);
        ScanStep step = type == OperatorType.CUMULATIVE_SUMMATION
                ? new ScanStep(arithmetic::add, arithmetic.zero())
                : new ScanStep(arithmetic::multiply, arithmetic.one());
        return new ScanExecution(operator.desc(), lines, elementSize, step, scan.exclusive(),
                parallelism.forOutput(output));
    }
}

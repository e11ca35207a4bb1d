package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.ActivationHardmax1OperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * ACTIVATION_HARDMAX and HARDMAX1: 1 for the element REDUCE ARGMAX picks in each group the reduced axes gather, +0
 * for the others (docs/directml-behaviour.md §16.7, "Hardmax"). HARDMAX reduces the last dimension; HARDMAX1 its
 * Axes, whose order and repeats do not matter, and with none every element is its own group (all ones).
 */
public final class HardmaxKernel implements OperatorKernel {

    private final OperatorType type;

    private HardmaxKernel(OperatorType type) {
        this.type = type;
    }

    public static HardmaxKernel hardmax() {
        return new HardmaxKernel(OperatorType.ACTIVATION_HARDMAX);
    }

    public static HardmaxKernel hardmax1() {
        return new HardmaxKernel(OperatorType.ACTIVATION_HARDMAX1);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        long[] sizes = Shapes.sizes(input);
        if (!java.util.Arrays.equals(sizes, Shapes.sizes(output))) {
            throw Shapes.refuse(type, "OutputTensor must have InputTensor's sizes");
        }
        List<Long> axes = new ArrayList<>();
        if (type == OperatorType.ACTIVATION_HARDMAX1) {
            ActivationHardmax1OperatorDesc desc = operator.desc(ActivationHardmax1OperatorDesc.class);
            Shapes.requireLength(type, "Axes", desc.axes(), desc.axisCount());
            axes.addAll(desc.axes());
        } else {
            axes.add((long) sizes.length - 1);
        }
        boolean[] reduced = new boolean[sizes.length];
        for (long axis : axes) {
            if (axis < 0 || axis >= sizes.length) {
                throw Shapes.refuse(type, "axis " + axis + " is not a dimension of " + sizes.length);
            }
            reduced[(int) axis] = true;
        }
        long[] groupSizes = sizes.clone();
        long groupLength = 1;
        long groups = 1;
        for (int d = 0; d < sizes.length; d++) {
            if (reduced[d]) {
                groupSizes[d] = 1;
                groupLength = Math.multiplyExact(groupLength, sizes[d]);
            } else {
                groups = Math.multiplyExact(groups, sizes[d]);
            }
        }
        // Each group's pick, 4 bytes apiece: at most a quarter of the input's elements past a bound buffer's 2^31
        // bytes only for groups of one element, which need no pick at all.
        if (groupLength > 1 && groups > (Integer.MAX_VALUE - 8) / Integer.BYTES) {
            throw Shapes.refuse(type, groups + " groups are more picks than one buffer holds");
        }
        if (groupLength > 1) {
            // Refuses what the selection operators refuse: FLOAT16 comparisons are not modelled.
            ElementOrder.of(type, input.dataType());
        }
        BufferTensorDesc picks = BufferTensorDesc.packed(TensorDataType.UINT32, groupSizes);
        ReduceSelectionExecution argMax = groupLength > 1
                ? ReduceSelectionKernel.argMax(input, picks, axes, parallelism) : null;
        return new HardmaxExecution(operator.desc(), argMax, (int) (groupLength > 1 ? groups : 0), sizes, reduced,
                Shapes.strides(output), output.dataType());
    }
}

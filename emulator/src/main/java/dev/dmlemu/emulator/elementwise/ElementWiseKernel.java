package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.List;
import java.util.function.Function;

/**
 * One element-wise operator on the emulator: what its desc names (input fields in order, the output field, the
 * body) is all it brings; {@code ElementWisePlan} and {@code ElementWiseExecution} do the rest for every operator.
 */
public final class ElementWiseKernel<D extends OperatorDesc> implements OperatorKernel {

    /**
     * @param inputs the input tensor fields, in the order the body takes them
     * @param output the output tensor field
     * @param function the exact body
     * @param packed the fast lanes the engine may use on packed rows beside the exact body
     */
    record Parts(List<String> inputs, String output, ElementFunction function, PackedLanes packed) {

        /** An operator with the exact body only. */
        Parts(List<String> inputs, String output, ElementFunction function) {
            this(inputs, output, function, PackedLanes.NONE);
        }
    }

    private final OperatorType type;
    private final Class<D> descType;
    private final Function<D, Parts> parts;

    ElementWiseKernel(OperatorType type, Class<D> descType, Function<D, Parts> parts) {
        this.type = type;
        this.descType = descType;
        this.parts = parts;
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        return prepare(operator, parallelism, PackedRows.Reads.IN_PLACE);
    }

    /** As {@link #prepare}, the packed fast path moving its pieces as {@code reads} says. */
    ElementWiseExecution prepare(ValidatedOperator operator, Parallelism parallelism, PackedRows.Reads reads) {
        D desc = operator.desc(descType);
        Parts p = parts.apply(desc);
        List<BufferTensorDesc> inputs = p.inputs().stream().map(operator::tensor).toList();
        BufferTensorDesc output = operator.tensor(p.output());
        List<String> fieldNames = desc.tensorFields().stream().map(TensorField::name).toList();
        int[] bindingIndex = new int[inputs.size() + 1];
        for (int t = 0; t < inputs.size(); t++) {
            bindingIndex[t] = fieldNames.indexOf(p.inputs().get(t));
        }
        bindingIndex[inputs.size()] = fieldNames.indexOf(p.output());
        ElementWisePlan plan = ElementWisePlan.of(inputs, output);
        return new ElementWiseExecution(desc, plan, bindingIndex, p.function(),
                PackedRows.of(plan, p.packed(), p.function(), reads), parallelism.forOutput(output));
    }
}

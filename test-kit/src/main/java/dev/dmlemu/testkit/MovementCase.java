package dev.dmlemu.testkit;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Objects;

/**
 * One seeded case of a data-movement operator: its desc and the bytes of every tensor in binding order, inputs then
 * outputs, the outputs holding what the buffers hold before the execution (elements the operator does not write
 * keep them).
 */
public record MovementCase(OperatorDesc desc, List<TensorBytes> inputs, List<TensorBytes> outputs) {

    public MovementCase {
        Objects.requireNonNull(desc, "desc");
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        long inputFields = desc.tensorFields().stream().filter(f -> f.kind() == TensorKind.INPUT).count();
        if (inputFields != inputs.size() || desc.tensorFields().size() - inputFields != outputs.size()) {
            throw new IllegalArgumentException("one array per tensor field of " + desc.operatorType().cName());
        }
    }

    /** Every tensor's bytes in binding order. */
    public List<TensorBytes> all() {
        return java.util.stream.Stream.concat(inputs.stream(), outputs.stream()).toList();
    }

    @Override
    public String toString() {
        return desc.toString();
    }
}

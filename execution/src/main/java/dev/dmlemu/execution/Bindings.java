package dev.dmlemu.execution;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The buffers bound to an operator's tensor fields, one per field in {@link OperatorDesc#tensorFields()} order
 * (for GatherElements: InputTensor, IndicesTensor, OutputTensor), as DirectML's BindInputs/BindOutputs take them.
 */
public record Bindings(List<BufferBinding> inFieldOrder) {

    public Bindings {
        inFieldOrder = List.copyOf(Objects.requireNonNull(inFieldOrder, "inFieldOrder"));
    }

    public static Bindings of(BufferBinding... inFieldOrder) {
        return new Bindings(List.of(inFieldOrder));
    }

    /**
     * Bindings by C field name ({@code "InputTensor" -> binding}), as DxDispatch model files write them.
     *
     * @throws IllegalArgumentException naming a missing or unknown field
     */
    public static Bindings byFieldName(OperatorDesc desc, Map<String, BufferBinding> byName) {
        List<BufferBinding> ordered = new ArrayList<>();
        for (TensorField field : desc.tensorFields()) {
            BufferBinding binding = byName.get(field.name());
            if (binding == null) {
                throw new IllegalArgumentException(desc.operatorType().cName() + ": no binding for " + field.name());
            }
            ordered.add(binding);
        }
        for (String name : byName.keySet()) {
            if (desc.tensorFields().stream().noneMatch(field -> field.name().equals(name))) {
                throw new IllegalArgumentException(desc.operatorType().cName() + " has no tensor field " + name);
            }
        }
        return new Bindings(ordered);
    }

    public BufferBinding get(int fieldIndex) {
        return inFieldOrder.get(fieldIndex);
    }
}

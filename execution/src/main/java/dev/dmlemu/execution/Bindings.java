package dev.dmlemu.execution;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What is bound to an operator's tensor fields, one entry per field in {@link OperatorDesc#tensorFields()} order
 * (for GatherElements: InputTensor, IndicesTensor, OutputTensor; a tensor array's elements one by one), as DirectML's
 * BindInputs/BindOutputs take them: a {@link BufferBinding}, or {@link TensorBinding#NONE} for a field the desc
 * leaves NULL.
 */
public record Bindings(List<TensorBinding> inFieldOrder) {

    public Bindings {
        inFieldOrder = List.copyOf(Objects.requireNonNull(inFieldOrder, "inFieldOrder"));
    }

    public static Bindings of(TensorBinding... inFieldOrder) {
        return new Bindings(List.of(inFieldOrder));
    }

    /**
     * Bindings by C field name ({@code "InputTensor" -> binding}), as DxDispatch model files write them. A field the
     * desc leaves NULL and the map does not name gets {@link TensorBinding#NONE}, as DxDispatch binds nothing there.
     *
     * @throws IllegalArgumentException naming a missing or unknown field
     */
    public static Bindings byFieldName(OperatorDesc desc, Map<String, ? extends TensorBinding> byName) {
        List<TensorBinding> ordered = new ArrayList<>();
        for (TensorField field : desc.tensorFields()) {
            TensorBinding binding = byName.get(field.name());
            if (binding == null && !field.desc().isNull()) {
                throw new IllegalArgumentException(desc.operatorType().cName() + ": no binding for " + field.name());
            }
            ordered.add(binding == null ? TensorBinding.NONE : binding);
        }
        for (String name : byName.keySet()) {
            if (desc.tensorFields().stream().noneMatch(field -> field.name().equals(name))) {
                throw new IllegalArgumentException(desc.operatorType().cName() + " has no tensor field " + name);
            }
        }
        return new Bindings(ordered);
    }

    /** What is bound to the field at {@code fieldIndex}. */
    public TensorBinding binding(int fieldIndex) {
        return inFieldOrder.get(fieldIndex);
    }

    /**
     * The buffer bound to the field at {@code fieldIndex}, for code that binds only fields the desc describes (after
     * {@link BindingRule#check}, every non-NULL field has one).
     *
     * @throws IllegalStateException if nothing is bound there
     */
    public BufferBinding get(int fieldIndex) {
        if (inFieldOrder.get(fieldIndex) instanceof BufferBinding buffer) {
            return buffer;
        }
        throw new IllegalStateException("no buffer is bound to tensor field " + fieldIndex);
    }
}

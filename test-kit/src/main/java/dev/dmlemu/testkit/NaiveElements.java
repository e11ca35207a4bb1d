package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import java.util.ArrayList;
import java.util.List;

/**
 * What the data-movement references share: a case's tensors as layouts, output arrays that start as the case's
 * buffers, and one element moved between two coordinates as raw bytes.
 */
final class NaiveElements {

    private final List<TensorLayout> inputs = new ArrayList<>();
    private final List<TensorLayout> outputs = new ArrayList<>();
    private final MovementCase movement;
    private final List<byte[]> written = new ArrayList<>();

    NaiveElements(MovementCase movement) {
        this.movement = movement;
        for (TensorField field : movement.desc().tensorFields()) {
            // An optional tensor the desc leaves NULL has no layout (null in its place).
            (field.kind() == TensorKind.INPUT ? inputs : outputs).add(field.desc().isNull() ? null
                    : TensorLayout.of(field.desc()));
        }
        movement.outputs().forEach(o -> written.add(o.bytes().clone()));
    }


    TensorLayout input(int i) {
        return inputs.get(i);
    }

    TensorLayout output(int o) {
        return outputs.get(o);
    }

    /** Copies the element at {@code from} of input {@code i} to {@code to} of output {@code o}. */
    void copy(int i, long[] from, int o, long[] to) {
        TensorBytes source = movement.inputs().get(i);
        int at = inputs.get(i).byteAt(source, from);
        put(o, to, source.bytes(), at);
    }

    /** Writes the element size's bytes of {@code bytes} from {@code at} to {@code to} of output {@code o}. */
    void put(int o, long[] to, byte[] bytes, int at) {
        TensorLayout layout = outputs.get(o);
        int target = layout.byteAt(new TensorBytes(written.get(o), movement.outputs().get(o).offset()), to);
        System.arraycopy(bytes, at, written.get(o), target, layout.elementSize());
    }

    /** The output arrays: the case's, with the written elements replaced. */
    List<byte[]> outputs() {
        return List.copyOf(written);
    }
}

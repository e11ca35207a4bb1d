package dev.dmlemu.desc;

import java.util.Objects;

/**
 * One tensor field of an operator desc, as DirectML's schema lists it: its C field name ({@code IndicesTensor}),
 * whether it is read or written, and its value. Bindings follow this order: inputs in field order, then outputs.
 */
public record TensorField(String name, TensorKind kind, TensorDesc desc) {

    public TensorField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(desc, "desc");
    }
}

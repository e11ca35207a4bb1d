package dev.dmlemu.desc.schema;

import dev.dmlemu.desc.TensorKind;
import java.util.Objects;
import java.util.Optional;

/**
 * One field of an operator desc struct, in C order.
 *
 * @param name the C field name ({@code IndicesTensor})
 * @param kind what it holds
 * @param direction for tensor kinds, whether the operator reads or writes it; empty otherwise
 * @param reference the field or enum the kind refers to ({@link FieldKind#reference()}); empty for kinds without
 */
public record SchemaField(String name, FieldKind kind, Optional<TensorKind> direction, Optional<String> reference) {

    public SchemaField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(reference, "reference");
        if (direction.isPresent() != kind.isTensor()) {
            throw new IllegalArgumentException(name + ": a " + kind.token() + " field "
                    + (kind.isTensor() ? "needs" : "has no") + " direction");
        }
        if (reference.isPresent() != (kind.reference() != FieldKind.Reference.NONE)) {
            throw new IllegalArgumentException(name + ": a " + kind.token() + " field "
                    + (reference.isPresent() ? "takes no" : "needs a") + " reference");
        }
    }

    /** The C type as the header declares it, without SAL annotations ({@code const DML_TENSOR_DESC*}). */
    public String cType() {
        return kind.cType(reference.orElse(null));
    }
}

package dev.dmlemu.desc.schema;

import dev.dmlemu.desc.FeatureLevel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code DML_OPERATOR_TYPE} and its desc struct, as the schema data holds it.
 *
 * @param name the type without {@code DML_OPERATOR_} ({@code GATHER_ELEMENTS})
 * @param code its {@code DML_OPERATOR_TYPE} value
 * @param availability the lowest feature level that has the operator
 * @param structName the C struct ({@code DML_GATHER_ELEMENTS_OPERATOR_DESC})
 * @param fields the struct's fields in C order
 * @param fusableActivations for a desc with a {@link FieldKind#FUSED_ACTIVATION} field, what may go there
 */
public record SchemaOperator(String name, int code, FeatureLevel availability, String structName,
        List<SchemaField> fields, List<FusableActivation> fusableActivations) {

    public static final String C_PREFIX = "DML_OPERATOR_";

    public SchemaOperator {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(availability, "availability");
        Objects.requireNonNull(structName, "structName");
        fields = List.copyOf(fields);
        fusableActivations = List.copyOf(fusableActivations);
    }

    /** {@code DML_OPERATOR_GATHER_ELEMENTS}. */
    public String cName() {
        return C_PREFIX + name;
    }

    public Optional<SchemaField> field(String fieldName) {
        return fields.stream().filter(f -> f.name().equals(fieldName)).findFirst();
    }

    /** True when the desc has a {@code FusedActivation} field. */
    public boolean hasFusedActivation() {
        return fields.stream().anyMatch(f -> f.kind() == FieldKind.FUSED_ACTIVATION);
    }

    /** The struct's layout on {@code abi}. */
    public StructLayout layout(Abi abi) {
        return StructLayouts.of(fields, abi);
    }
}

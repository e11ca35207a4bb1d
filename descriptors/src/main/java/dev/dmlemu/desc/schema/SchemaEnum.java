package dev.dmlemu.desc.schema;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A C enum of {@code DirectML.h} with its constants' values.
 *
 * @param cName the enum's name ({@code DML_REDUCE_FUNCTION})
 * @param constants its constants in header order
 */
public record SchemaEnum(String cName, List<Constant> constants) {

    /** One constant ({@code DML_REDUCE_FUNCTION_ARGMAX}) and its value. */
    public record Constant(String cName, long value) {

        public Constant {
            Objects.requireNonNull(cName, "cName");
        }
    }

    public SchemaEnum {
        Objects.requireNonNull(cName, "cName");
        constants = List.copyOf(constants);
    }

    /** The value of the constant spelled {@code constantName}. */
    public Optional<Long> valueOf(String constantName) {
        return constants.stream().filter(c -> c.cName().equals(constantName)).map(Constant::value).findFirst();
    }
}

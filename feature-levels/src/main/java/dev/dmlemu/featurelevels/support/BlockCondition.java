package dev.dmlemu.featurelevels.support;

import java.util.List;
import java.util.Objects;

/**
 * A table that applies only when an enum field holds one of some values: REDUCE documents one set of tables per
 * group of {@code Function}s.
 *
 * @param field the enum field's C name, e.g. {@code Function}
 * @param constants the C constants the table applies to, e.g. {@code DML_REDUCE_FUNCTION_ARGMAX}
 */
public record BlockCondition(String field, List<String> constants) {

    public BlockCondition {
        Objects.requireNonNull(field, "field");
        constants = List.copyOf(constants);
        if (constants.isEmpty()) {
            throw new IllegalArgumentException("a condition names at least one constant");
        }
    }

    @Override
    public String toString() {
        return field + " = " + String.join(" | ", constants);
    }
}

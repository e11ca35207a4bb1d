package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.DmlEnum;
import dev.dmlemu.desc.OperatorDesc;
import java.util.Map;
import java.util.Objects;

/**
 * Tables that depend on an enum field of the desc: REDUCE's docs page has one set per group of {@code Function}s
 * (docs/directml-behaviour.md §3.4). Every constant of the field's enum has its tables.
 *
 * @param field the enum field ({@code Function})
 * @param byConstant the tables per constant, by C name ({@code DML_REDUCE_FUNCTION_ARGMAX})
 */
record ConditionalSupport(DescField field, Map<String, OperatorSupport> byConstant) {

    ConditionalSupport {
        Objects.requireNonNull(field, "field");
        byConstant = Map.copyOf(byConstant);
        for (Object constant : field.component().getType().getEnumConstants()) {
            String name = ((DmlEnum) constant).cName();
            if (!byConstant.containsKey(name)) {
                throw new IllegalStateException(field.cName() + " = " + name + " has no tables");
            }
        }
    }

    /** The tables for the value {@code desc} holds. */
    OperatorSupport of(OperatorDesc desc) {
        return byConstant.get(((DmlEnum) field.valueIn(desc)).cName());
    }
}

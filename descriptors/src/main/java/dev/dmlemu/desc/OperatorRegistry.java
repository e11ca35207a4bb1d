package dev.dmlemu.desc;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What each layer registers per operator (a desc schema, validation rules, a kernel), by operator type: the one
 * mechanism behind every layer's single registration point.
 */
public final class OperatorRegistry {

    private OperatorRegistry() {}

    /**
     * The entries by their operator type, in the order given.
     *
     * @throws IllegalStateException if two entries are for the same operator
     */
    public static <T> Map<OperatorType, T> byType(Function<T, OperatorType> typeOf, List<T> entries) {
        Map<OperatorType, T> byType = new LinkedHashMap<>();
        for (T entry : entries) {
            if (byType.put(typeOf.apply(entry), entry) != null) {
                throw new IllegalStateException(typeOf.apply(entry) + " is registered twice");
            }
        }
        return Collections.unmodifiableMap(byType);
    }
}

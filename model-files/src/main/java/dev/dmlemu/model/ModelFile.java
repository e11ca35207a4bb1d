package dev.dmlemu.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A DxDispatch model file: named resources, named dispatchables, and the commands that use them. Maps keep file
 * order and are unmodifiable.
 */
public record ModelFile(
        Map<String, ResourceDecl> resources,
        Map<String, Dispatchable> dispatchables,
        List<Command> commands) {

    public ModelFile {
        resources = orderedCopy(resources, "resources");
        dispatchables = orderedCopy(dispatchables, "dispatchables");
        commands = List.copyOf(commands);
    }

    /** An unmodifiable copy in the given order, refusing null names and entries. */
    private static <V> Map<String, V> orderedCopy(Map<String, V> map, String what) {
        Map<String, V> copy = new LinkedHashMap<>();
        Objects.requireNonNull(map, what).forEach((name, value) -> copy.put(Objects.requireNonNull(name, what),
                Objects.requireNonNull(value, what)));
        return Collections.unmodifiableMap(copy);
    }
}

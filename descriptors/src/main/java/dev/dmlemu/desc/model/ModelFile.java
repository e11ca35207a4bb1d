package dev.dmlemu.desc.model;

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
        resources = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(resources, "resources")));
        dispatchables = Collections.unmodifiableMap(
                new LinkedHashMap<>(Objects.requireNonNull(dispatchables, "dispatchables")));
        commands = List.copyOf(commands);
    }
}

package dev.dmlemu.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * {@code {"type": "dispatch", "dispatchable": "ge", "bindings": {"InputTensor": "X", ...}}}.
 *
 * @param dispatchable name of an entry of {@code dispatchables}
 * @param bindings C tensor field name ({@code InputTensor}) → resource, in file order; unmodifiable
 */
public record DispatchCommand(String dispatchable, Map<String, BindingRef> bindings) implements Command {

    public DispatchCommand {
        Objects.requireNonNull(dispatchable, "dispatchable");
        Map<String, BindingRef> copy = new LinkedHashMap<>();
        Objects.requireNonNull(bindings, "bindings").forEach((field, ref) ->
                copy.put(Objects.requireNonNull(field, "bindings"), Objects.requireNonNull(ref, "bindings")));
        bindings = Collections.unmodifiableMap(copy);
    }
}

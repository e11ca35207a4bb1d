package dev.dmlemu.nativebridge.core;

import dev.dmlemu.nativebridge.AdapterSelection;
import java.util.Objects;
import java.util.Optional;

/**
 * The adapter {@code dmlemu_core_open} uses ({@code enum dmlemu_adapter}): the first D3D12 accepts, WARP, or the first
 * whose description contains a name, ignoring case.
 *
 * @param code the {@code dmlemu_adapter} value
 * @param name the substring for {@link #named}, else empty
 */
public record CoreAdapter(int code, Optional<String> name) {

    public CoreAdapter {
        Objects.requireNonNull(name, "name");
    }

    /** The core's spelling of an {@link AdapterSelection}. */
    public static CoreAdapter of(AdapterSelection selection) {
        if (selection instanceof AdapterSelection.Warp) {
            return warp();
        }
        if (selection instanceof AdapterSelection.NameContains named) {
            return named(named.text());
        }
        return first();
    }

    public static CoreAdapter first() {
        return new CoreAdapter(0, Optional.empty());
    }

    public static CoreAdapter warp() {
        return new CoreAdapter(1, Optional.empty());
    }

    public static CoreAdapter named(String text) {
        return new CoreAdapter(2, Optional.of(text));
    }
}

package dev.dmlemu.nativebridge;

import java.util.Locale;
import java.util.Objects;

/** Which GPU adapter DirectML runs on. */
public sealed interface AdapterSelection {

    /** The default adapter: what {@code D3D12CreateDevice(NULL, …)} picks, the first one DXGI enumerates. */
    record DefaultAdapter() implements AdapterSelection {
    }

    /** The first adapter whose DXGI description contains {@code text}, ignoring case (e.g. "NVIDIA", "Arc"). */
    record NameContains(String text) implements AdapterSelection {
        public NameContains {
            Objects.requireNonNull(text, "text");
            if (text.isBlank()) {
                throw new IllegalArgumentException("adapter name substring is blank");
            }
        }
    }

    /** WARP, the CPU rasterizer "Microsoft Basic Render Driver" (useful on GPU-less Windows CI). */
    record Warp() implements AdapterSelection {
    }

    static AdapterSelection defaultAdapter() {
        return new DefaultAdapter();
    }

    static AdapterSelection nameContains(String text) {
        return new NameContains(text);
    }

    static AdapterSelection warp() {
        return new Warp();
    }

    /** {@code default}, {@code warp}, or any other text as a name substring (the CLI's {@code --adapter}). */
    static AdapterSelection parse(String text) {
        String key = text.strip().toLowerCase(Locale.ROOT);
        return switch (key) {
            case "default" -> defaultAdapter();
            case "warp" -> warp();
            default -> nameContains(text.strip());
        };
    }
}

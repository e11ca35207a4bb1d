package dev.dmlemu.nativebridge;

import java.util.Objects;

/** What {@link DirectMl#open} found: a working backend, or why there is none. */
public sealed interface DirectMlAvailability {

    /** The backend is open; the caller closes it. */
    record Available(DirectMlBackend backend) implements DirectMlAvailability {
        public Available {
            Objects.requireNonNull(backend, "backend");
        }
    }

    /**
     * No backend, with a sentence saying why, e.g. {@code DirectML needs Windows (x64/arm64); this is Linux amd64}.
     * The CLI prints it and exits with code 3.
     */
    record Unavailable(String reason) implements DirectMlAvailability {
        public Unavailable {
            Objects.requireNonNull(reason, "reason");
        }
    }
}

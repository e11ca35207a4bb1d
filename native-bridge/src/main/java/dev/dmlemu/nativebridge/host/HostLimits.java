package dev.dmlemu.nativebridge.host;

import java.time.Duration;
import java.util.Objects;

/**
 * How long the host may take: to start and answer HELLO (a cold Wine start takes seconds), and per request (the
 * first dispatch of a shader variant compiles it on the CPU). A host that overruns is killed.
 */
public record HostLimits(Duration startTimeout, Duration requestTimeout) {

    public HostLimits {
        Objects.requireNonNull(startTimeout, "startTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (startTimeout.isNegative() || startTimeout.isZero() || requestTimeout.isNegative()
                || requestTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
    }

    public static HostLimits defaults() {
        return new HostLimits(Duration.ofSeconds(120), Duration.ofSeconds(300));
    }
}

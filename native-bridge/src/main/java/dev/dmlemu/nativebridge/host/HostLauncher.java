package dev.dmlemu.nativebridge.host;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to start the host: the command (the setup's {@code run-host.sh}, which starts {@code dmlemu-host.exe} under
 * Wine), extra environment and working directory, and what it was found from (for messages).
 */
public record HostLauncher(List<String> command, Map<String, String> environment, Optional<Path> directory,
        String origin) {

    public HostLauncher {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(origin, "origin");
        if (command.isEmpty()) {
            throw new IllegalArgumentException("empty host command");
        }
    }

    public static HostLauncher of(List<String> command, String origin) {
        return new HostLauncher(command, Map.of(), Optional.empty(), origin);
    }
}

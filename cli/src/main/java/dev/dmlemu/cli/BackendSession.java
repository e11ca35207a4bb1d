package dev.dmlemu.cli;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.nativebridge.DirectMl;
import dev.dmlemu.nativebridge.DirectMlAvailability;
import dev.dmlemu.nativebridge.DirectMlBackend;
import dev.dmlemu.nativebridge.DirectMlOptions;
import java.util.Optional;

/**
 * The backend {@code run} executes on, opened from {@code --backend}, with the reason DirectML was passed over
 * when {@code auto} fell back to the emulator.
 */
record BackendSession(ExecutionBackend backend, Optional<String> fallbackReason) implements AutoCloseable {

    static BackendSession open(BackendChoice choice, EmulatorOptions emulatorOptions) {
        if (choice == BackendChoice.EMULATOR) {
            return new BackendSession(new Emulator(emulatorOptions), Optional.empty());
        }
        Optional<String> platformProblem = DirectMl.platformProblem(System.getProperty("os.name", ""),
                System.getProperty("os.arch", ""));
        if (choice == BackendChoice.AUTO && platformProblem.isPresent()) {
            // Off Windows auto stays the emulator: starting Wine is asked for by name, never implied.
            String hint = DirectMl.isLinuxX64(System.getProperty("os.name", ""), System.getProperty("os.arch", ""))
                    ? " (--backend directml runs it under Wine after dmlemu setup-directml)" : "";
            return new BackendSession(new Emulator(emulatorOptions), Optional.of(platformProblem.get() + hint));
        }
        DirectMlAvailability availability = DirectMl.open(DirectMlOptions.defaults());
        if (availability instanceof DirectMlAvailability.Available available) {
            return new BackendSession(available.backend(), Optional.empty());
        }
        String reason = ((DirectMlAvailability.Unavailable) availability).reason();
        if (choice == BackendChoice.DIRECTML) {
            throw CliFailure.backendUnavailable("--backend directml: " + reason);
        }
        return new BackendSession(new Emulator(emulatorOptions), Optional.of(reason));
    }

    /**
     * The level to validate and run at: the one requested, or else the backend's highest.
     *
     * @throws CliFailure exit code 3 when the backend cannot reach the requested level
     */
    FeatureLevel featureLevel(Optional<FeatureLevel> requested) {
        FeatureLevel highest = backend.maxFeatureLevel();
        FeatureLevel level = requested.orElse(highest);
        if (!highest.isAtLeast(level)) {
            throw CliFailure.backendUnavailable("--feature-level " + level.cName() + ": the " + backend.name()
                    + " backend supports up to " + highest.cName());
        }
        return level;
    }

    /** The stderr line: {@code backend: emulator (DirectML unavailable: ...), feature level: ..., index policy: ...}. */
    String describe(FeatureLevel level, Optional<IndexPolicyOption> policy) {
        return "backend: " + backend.name()
                + (backend instanceof DirectMlBackend directMl ? " (" + directMl.deviceInfo().summary() + ")" : "")
                + fallbackReason.map(reason -> " (DirectML unavailable: " + reason + ")").orElse("")
                + ", feature level: " + level.cName()
                + policy.map(p -> ", index policy: " + p).orElse("");
    }

    boolean isEmulator() {
        return backend instanceof Emulator;
    }

    @Override
    public void close() {
        backend.close();
    }
}

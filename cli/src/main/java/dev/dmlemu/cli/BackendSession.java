package dev.dmlemu.cli;

import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.nativebridge.DirectMl;
import dev.dmlemu.nativebridge.DirectMlAvailability;
import dev.dmlemu.nativebridge.DirectMlOptions;
import java.util.Optional;

/**
 * The backend {@code run} executes on, opened from {@code --backend}, with the reason DirectML was passed over
 * when {@code auto} fell back to the emulator.
 */
record BackendSession(ExecutionBackend backend, Optional<String> fallbackReason) implements AutoCloseable {

    static BackendSession open(BackendChoice choice, EmulatorOptions emulatorOptions) {
        return switch (choice) {
            case EMULATOR -> new BackendSession(new Emulator(emulatorOptions), Optional.empty());
            case DIRECTML -> {
                DirectMlAvailability availability = DirectMl.open(DirectMlOptions.defaults());
                if (availability instanceof DirectMlAvailability.Available available) {
                    yield new BackendSession(available.backend(), Optional.empty());
                }
                throw CliFailure.backendUnavailable("--backend directml: "
                        + ((DirectMlAvailability.Unavailable) availability).reason());
            }
            case AUTO -> {
                DirectMlAvailability availability = DirectMl.open(DirectMlOptions.defaults());
                if (availability instanceof DirectMlAvailability.Available available) {
                    yield new BackendSession(available.backend(), Optional.empty());
                }
                yield new BackendSession(new Emulator(emulatorOptions),
                        Optional.of(((DirectMlAvailability.Unavailable) availability).reason()));
            }
        };
    }

    boolean isEmulator() {
        return backend instanceof Emulator;
    }

    @Override
    public void close() {
        backend.close();
    }
}

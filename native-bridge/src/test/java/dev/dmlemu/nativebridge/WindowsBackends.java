package dev.dmlemu.nativebridge;

import org.junit.jupiter.api.Assumptions;

/** Opens the real backend for Windows-only tests, or aborts the test with the reason it is unavailable. */
final class WindowsBackends {

    private WindowsBackends() {
    }

    static DirectMlBackend openOrSkip(DirectMlOptions options) {
        DirectMlAvailability found = DirectMl.open(options);
        if (found instanceof DirectMlAvailability.Unavailable unavailable) {
            Assumptions.abort("DirectML unavailable: " + unavailable.reason());
        }
        return ((DirectMlAvailability.Available) found).backend();
    }
}

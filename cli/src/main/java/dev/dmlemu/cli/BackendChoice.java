package dev.dmlemu.cli;

/** {@code --backend}: where {@code run} executes. */
enum BackendChoice {
    /** The real DirectML on Windows when it is available, otherwise the emulator (always the emulator on Linux). */
    AUTO,
    /** The Java emulator, on any OS. */
    EMULATOR,
    /**
     * The real DirectML: through JNA on Windows, in the DirectML host under Wine on Linux x86_64 after
     * {@code dmlemu setup-directml}; unavailable (exit code 3) otherwise.
     */
    DIRECTML
}

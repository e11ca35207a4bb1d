package dev.dmlemu.cli;

/** {@code --backend}: where {@code run} executes. */
enum BackendChoice {
    /** The real DirectML when it is available (Windows), otherwise the emulator. */
    AUTO,
    /** The Java emulator, on any OS. */
    EMULATOR,
    /** The real DirectML through JNA; unavailable (exit code 3) off Windows. */
    DIRECTML
}

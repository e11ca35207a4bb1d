package dev.dmlemu.cli;

/** The process exit codes: a contract other tools script against. */
public enum ExitCode {
    /** Success; for {@code validate}, the model is valid. */
    SUCCESS(0),
    /** An operator is invalid at the requested feature level; the diagnostics were printed. */
    INVALID_OPERATOR(1),
    /** Unusable input or usage: a message names the file, the JSON path and the line/column. */
    UNUSABLE_INPUT(2),
    /** The requested backend is not available here; the message says why. */
    BACKEND_UNAVAILABLE(3);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}

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
    BACKEND_UNAVAILABLE(3),
    /**
     * {@code compare}: an output of the emulator and of the real DirectML differ, or DirectML accepts a desc dmlemu
     * refuses; the differences were printed.
     */
    OUTPUTS_DIFFER(4),
    /**
     * {@code run} on the emulator: a dispatchable's operator is valid but the emulator has no kernel for it; nothing
     * was run or written. {@code --backend directml} runs it on the real DirectML.
     */
    NO_EMULATOR_KERNEL(5),
    /**
     * {@code compare}: a model was not compared because the DirectML device cannot run it: it lacks a data type the
     * model uses (FLOAT16, INT16 and UINT16 on Wine's CPU device), a device capability rather than a feature-level
     * rule, or a step after CreateOperator (CompileOperator) refused a desc CreateOperator accepted; nothing differed.
     */
    NOT_COMPARED(6),
    /**
     * dmlemu itself failed (a bug, or the Java heap ran out despite the checks made before allocating): one line on
     * stderr, the stack trace only with {@code --debug}. 70 is {@code EX_SOFTWARE} of BSD's sysexits.h, so no
     * script mistakes it for a verdict on the model.
     */
    INTERNAL_ERROR(70);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** How {@code --json} error objects name the outcome: {@code unusable-input}, {@code internal-error}, ... */
    String kind() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}

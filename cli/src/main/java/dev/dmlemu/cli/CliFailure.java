package dev.dmlemu.cli;

/**
 * A failure the user caused or can act on, with the exit code it maps to and a message that names the file, the
 * field or the reason. Never carries a stack trace to the user.
 */
final class CliFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ExitCode exitCode;

    CliFailure(ExitCode exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    static CliFailure unusableInput(String message) {
        return new CliFailure(ExitCode.UNUSABLE_INPUT, message);
    }

    static CliFailure backendUnavailable(String message) {
        return new CliFailure(ExitCode.BACKEND_UNAVAILABLE, message);
    }

    ExitCode exitCode() {
        return exitCode;
    }
}

package dev.dmlemu.cli;

import dev.dmlemu.model.ModelFormatException;
import java.util.List;
import java.util.Optional;

/**
 * A failure the user caused or can act on, with the exit code it maps to and a message that names the file, the
 * field or the reason. Never carries a stack trace to the user. When the failure is at a place in a file, that place
 * is kept apart too, for {@code --json}'s error object.
 */
final class CliFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Where in which file: the JSON path is empty for the file as a whole, line and column -1 when unknown. */
    record Location(String file, String jsonPath, int line, int column) {}

    private final ExitCode exitCode;
    private final transient Location location;
    private final transient List<String> written;

    private CliFailure(ExitCode exitCode, String message, Location location) {
        this(exitCode, message, location, List.of());
    }

    private CliFailure(ExitCode exitCode, String message, Location location, List<String> written) {
        super(message, null, false, false);
        this.exitCode = exitCode;
        this.location = location;
        this.written = List.copyOf(written);
    }

    /**
     * This failure, met after the run wrote {@code files}: they stay (each is whole), and the failure reports them,
     * as {@code --json}'s {@code files} does on success.
     */
    CliFailure afterWriting(List<String> files) {
        return files.isEmpty() ? this : new CliFailure(exitCode, getMessage(), location, files);
    }

    /** The files the run wrote before it failed, in order. */
    List<String> written() {
        return written;
    }

    static CliFailure unusableInput(String message) {
        return new CliFailure(ExitCode.UNUSABLE_INPUT, message, null);
    }

    /** A file that cannot be used: the message is {@code file: path: detail (line L, column C)}. */
    static CliFailure unusableInput(ModelFormatException e) {
        return new CliFailure(ExitCode.UNUSABLE_INPUT, e.describe(),
                new Location(e.sourceName(), e.jsonPath(), e.line(), e.column()));
    }

    /** As {@link #unusableInput(ModelFormatException)}, with the message led by what was being read. */
    static CliFailure unusableInput(String context, ModelFormatException e) {
        return new CliFailure(ExitCode.UNUSABLE_INPUT, context + e.describe(),
                new Location(e.sourceName(), e.jsonPath(), e.line(), e.column()));
    }

    /** {@code run} on the emulator of an operator it has no kernel for: {@code file: path: detail (line, column)}. */
    static CliFailure noEmulatorKernel(ModelFormatException e) {
        return new CliFailure(ExitCode.NO_EMULATOR_KERNEL, e.describe(),
                new Location(e.sourceName(), e.jsonPath(), e.line(), e.column()));
    }

    static CliFailure backendUnavailable(String message) {
        return new CliFailure(ExitCode.BACKEND_UNAVAILABLE, message, null);
    }

    ExitCode exitCode() {
        return exitCode;
    }

    Optional<Location> location() {
        return Optional.ofNullable(location);
    }
}

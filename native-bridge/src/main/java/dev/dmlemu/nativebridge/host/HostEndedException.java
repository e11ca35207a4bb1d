package dev.dmlemu.nativebridge.host;

import dev.dmlemu.execution.OperatorExecutionException;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The host process ended (DirectML's fail-fast, a crash) or was killed after a timeout while a request was under way.
 * The session starts a new host for the next request.
 */
public class HostEndedException extends OperatorExecutionException {

    private static final long serialVersionUID = 1L;

    private final String step;
    private final OptionalInt exitCode;
    private final boolean timedOut;

    HostEndedException(String message, String step, OptionalInt exitCode, boolean timedOut) {
        super(message);
        this.step = step;
        this.exitCode = exitCode;
        this.timedOut = timedOut;
    }

    /**
     * {@code DirectML ended its process while <step> (exit code N)}, with the host's CRASH line and the known
     * DirectML bug the desc matches, when there are.
     */
    static HostEndedException ended(String step, OptionalInt exitCode, Optional<String> crashLine,
            Optional<String> knownBug) {
        StringBuilder message = new StringBuilder("DirectML ended its process while ").append(step).append(" (exit code ")
                .append(exitCode.isPresent() ? Integer.toString(exitCode.getAsInt()) : "unknown").append(')');
        crashLine.ifPresent(line -> message.append(": ").append(line));
        knownBug.ifPresent(bug -> message.append("; known DirectML bug: ").append(bug));
        return new HostEndedException(message.toString(), step, exitCode, false);
    }

    static HostEndedException timedOut(String step, long seconds) {
        return new HostEndedException("the DirectML host did not answer within " + seconds + " s while " + step
                + "; it was killed", step, OptionalInt.empty(), true);
    }

    /** What the host was doing, e.g. {@code creating the operator (CreateOperator)}. */
    public String step() {
        return step;
    }

    /** The host's exit code, when it ended by itself. */
    public OptionalInt exitCode() {
        return exitCode;
    }

    /** The host hung and was killed. */
    public boolean timedOut() {
        return timedOut;
    }
}

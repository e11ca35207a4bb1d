package dev.dmlemu.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A line on stderr that says which dispatch a long run is in, redrawn in place: {@code dmlemu: dispatch 3 of 10
 * ('gnd', commands[5]), execution 2 of 5, 14 s}. It appears only when stderr is a terminal, never with
 * {@code --json}, and only once the run has taken {@link #DELAY_NANOS}: a short run prints nothing, and a log or a
 * pipe never receives it. stdout is never touched. A dispatch is one call into the backend, so the line counts
 * dispatches and their executions, and the seconds show that a long one is still running.
 */
final class Progress implements AutoCloseable {

    /** How long a run goes before the line appears. */
    static final long DELAY_NANOS = 2_000_000_000L;

    /** How often the line is redrawn. */
    static final long REFRESH_MILLIS = 500;

    private final PrintWriter err;
    private final LongSupplier clock;
    private final boolean enabled;
    private final long started;
    private final ScheduledExecutorService ticker;
    private String state = "";
    private volatile long execution;
    private volatile long executions;
    private int dispatchNumber;
    private int shownWidth;

    Progress(PrintWriter err, LongSupplier clock, boolean enabled, boolean ticking) {
        this.err = err;
        this.clock = clock;
        this.enabled = enabled;
        this.started = clock.getAsLong();
        if (enabled && ticking) {
            ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "dmlemu-progress");
                thread.setDaemon(true);
                return thread;
            });
            ticker.scheduleAtFixedRate(this::tick, REFRESH_MILLIS, REFRESH_MILLIS, TimeUnit.MILLISECONDS);
        } else {
            ticker = null;
        }
    }

    /** Whether a command shows progress: only on a terminal, and never in place of a --json object's quiet. */
    static boolean shows(boolean stderrIsTerminal, boolean json) {
        return stderrIsTerminal && !json;
    }

    /** Progress for a real run: redrawn by a daemon thread when {@link #shows} says so, else silent. */
    static Progress start(PrintWriter err, boolean json) {
        return new Progress(err, System::nanoTime, shows(StderrTerminal.isTerminal(), json), true);
    }

    /**
     * The run is now in dispatch {@code number} of {@code total}, execution {@code execution} of its executions.
     * Called before every execution, so it only stores numbers (the line is composed when drawn).
     */
    void at(int number, int total, String dispatchable, String where, long execution, long executions) {
        if (!enabled) {
            return;
        }
        if (number != dispatchNumber) {
            at("dispatch " + number + " of " + total + " ('" + OneLine.of(dispatchable) + "', " + where + ")");
            dispatchNumber = number;
        }
        this.executions = executions;
        this.execution = execution;
    }

    /** The run is now doing {@code what} ({@code dispatch 1 of 1 (...)}). */
    synchronized void at(String what) {
        state = what;
        executions = 0;
    }

    /** Redraws the line, once the run has gone on long enough. */
    synchronized void tick() {
        if (!enabled || state.isEmpty()) {
            return;
        }
        long elapsed = clock.getAsLong() - started;
        if (elapsed < DELAY_NANOS) {
            return;
        }
        long of = executions;
        String line = String.format(Locale.ROOT, "dmlemu: %s%s, %d s", state,
                of > 1 ? ", execution " + execution + " of " + of : "", elapsed / 1_000_000_000L);
        err.print("\r" + line + " ".repeat(Math.max(0, shownWidth - line.length())));
        err.flush();
        shownWidth = Math.max(shownWidth, line.length()); // the columns drawn so far, spaces included
    }

    /** Erases the line, if shown, so that another stderr line starts clean; the next tick draws it again. */
    synchronized void clear() {
        if (shownWidth > 0) {
            err.print("\r" + " ".repeat(shownWidth) + "\r");
            err.flush();
            shownWidth = 0;
        }
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
        clear();
    }
}

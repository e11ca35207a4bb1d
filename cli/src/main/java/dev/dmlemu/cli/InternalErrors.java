package dev.dmlemu.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** How an internal error (a bug in dmlemu, exit code 70) is told: one line, and the trace only on request. */
final class InternalErrors {

    private InternalErrors() {}

    /** The one-line message: what failed and how to report it, or, for a heap that ran out, how to raise it. */
    static String message(Throwable error) {
        if (error instanceof OutOfMemoryError) {
            return "internal error: the Java heap (maximum " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB) ran out although dmlemu checks memory before large allocations; raise it with"
                    + " DMLEMU_JAVA_OPTS=-Xmx<size>, and please report the command line and input";
        }
        return "internal error: " + OneLine.of(error.toString())
                + " (please report it with the command line and input; --debug shows where)";
    }

    /** The stack trace, for {@code --debug}. */
    static String trace(Throwable error) {
        StringWriter trace = new StringWriter();
        error.printStackTrace(new PrintWriter(trace));
        return trace.toString();
    }
}

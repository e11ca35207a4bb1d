package dev.dmlemu.cli;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The JVM's just-in-time compilers, seen through the platform's {@code Compiler.queue} diagnostic command (what
 * {@code jcmd PID Compiler.queue} prints): lets a timed run wait until the compilations its warm-ups started are
 * installed, so that the timed executions run the code a settled process runs (docs/performance.md, "Warm-ups that
 * wait for the compiler").
 */
final class CompilerQueue {

    private static final Duration POLL = Duration.ofMillis(2);

    private final MBeanServer server;
    private final ObjectName diagnostics;

    private CompilerQueue(MBeanServer server, ObjectName diagnostics) {
        this.server = server;
        this.diagnostics = diagnostics;
    }

    /** The running JVM's compilers, or a queue that never waits where the JVM has no such command. */
    static CompilerQueue ofThisJvm() {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName("com.sun.management:type=DiagnosticCommand");
            return server.isRegistered(name) ? new CompilerQueue(server, name) : new CompilerQueue(null, null);
        } catch (JMException | SecurityException e) {
            return new CompilerQueue(null, null);
        }
    }

    /**
     * Waits until no compilation is running or queued, at most {@code limit}; returns whether the compilers went idle
     * in that time (false too where the JVM cannot tell).
     */
    boolean awaitIdle(Duration limit) {
        if (server == null) {
            return false;
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            String queue;
            try {
                queue = (String) server.invoke(diagnostics, "compilerQueue", null, null);
            } catch (JMException | RuntimeException e) {
                return false;
            }
            if (isIdle(queue)) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * Whether a {@code Compiler.queue} report shows no current compile and every queue empty. HotSpot prints a
     * "Current compiles:" list (one line per compiler thread at work), then per compiler "... compile queue:" with
     * either "Empty" or one line per queued method.
     */
    static boolean isIdle(String report) {
        boolean inCurrent = false;
        boolean inQueue = false;
        for (String raw : report.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("Current compiles:")) {
                inCurrent = true;
                inQueue = false;
            } else if (line.endsWith("compile queue:")) {
                inCurrent = false;
                inQueue = true;
            } else if (inCurrent || inQueue && !line.equals("Empty")) {
                return false;
            }
        }
        return true;
    }
}

package dev.dmlemu.cli;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * The JVM's just-in-time compilation time so far, summed over its compiler threads ({@link CompilationMXBean}): read
 * before and after a run's timed executions, it says whether the compilers were at work while they were timed, which
 * on a machine of few CPUs slows them (docs/performance.md, "The command line's first dispatches").
 */
final class JitCompilationClock {

    /** Milliseconds of compilation so far; null where the JVM does not measure them. */
    private final LongSupplier totalMs;

    JitCompilationClock(LongSupplier totalMs) {
        this.totalMs = totalMs;
    }

    /** The running JVM's clock, or one that knows nothing where the JVM has no compiler or does not time it. */
    static JitCompilationClock ofThisJvm() {
        CompilationMXBean compilers = ManagementFactory.getCompilationMXBean();
        if (compilers == null || !compilers.isCompilationTimeMonitoringSupported()) {
            return new JitCompilationClock(null);
        }
        return new JitCompilationClock(compilers::getTotalCompilationTime);
    }

    /** Milliseconds of compilation so far, if the JVM measures them. */
    OptionalLong totalMs() {
        return totalMs == null ? OptionalLong.empty() : OptionalLong.of(totalMs.getAsLong());
    }

    /** The milliseconds of compilation between a reading and now, if both are known. */
    OptionalLong since(OptionalLong before) {
        OptionalLong now = totalMs();
        if (before.isEmpty() || now.isEmpty()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(0, now.getAsLong() - before.getAsLong()));
    }
}

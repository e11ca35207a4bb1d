package dev.dmlemu.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One JVM's one-thread dispatches of a workload, second by second: the calling thread's CPU time per dispatch (the
 * least and the mean of each second). CPU time leaves out the time the thread waits for a CPU, so on a machine shared
 * with other work it still tells a JVM whose compiled code is slow from one that is only held up; run it in several
 * JVMs to see whether their steady times agree (docs/performance.md, "MAX_POOL over whole planes").
 *
 * <p>Run: {@code for i in 1 2 3 4 5 6; do java -Xmx4g -cp benchmarks/target/benchmarks.jar
 * dev.dmlemu.bench.DispatchCpuTime --workload MAX_POOL; done}. With {@code --threads 2} only the calling thread's
 * share is counted.
 */
@Command(name = "dispatch-cpu-time", mixinStandardHelpOptions = true,
        description = "CPU time per dispatch, second by second, in this JVM.")
public final class DispatchCpuTime implements Callable<Integer> {

    @Option(names = "--workload", defaultValue = "MAX_POOL", description = "a workload EmulatorRun knows (default"
            + " MAX_POOL)")
    String workload;

    @Option(names = "--threads", defaultValue = "1", description = "emulator threads (default 1)")
    int threads;

    @Option(names = "--seconds", defaultValue = "6", description = "seconds of dispatches (default 6)")
    int seconds;

    public static void main(String[] args) {
        System.exit(new CommandLine(new DispatchCpuTime()).execute(args));
    }

    @Override
    public Integer call() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        StringBuilder line = new StringBuilder(workload + ", " + threads + " thread(s), ms per dispatch (least/mean):");
        try (EmulatorRun run = new EmulatorRun(workload, threads)) {
            for (int s = 0; s < seconds; s++) {
                long least = Long.MAX_VALUE;
                long begin = bean.getCurrentThreadCpuTime();
                long until = System.nanoTime() + 1_000_000_000L;
                int dispatches = 0;
                while (System.nanoTime() < until) {
                    long before = bean.getCurrentThreadCpuTime();
                    run.run();
                    least = Math.min(least, bean.getCurrentThreadCpuTime() - before);
                    dispatches++;
                }
                double mean = (bean.getCurrentThreadCpuTime() - begin) / 1e6 / dispatches;
                line.append(String.format(Locale.ROOT, " %.1f/%.1f", least / 1e6, mean));
            }
        }
        System.out.println(line);
        return 0;
    }
}

package dev.dmlemu.bench;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The first dispatches of a fresh JVM, one by one, beside the C2 compilations of dmlemu's code that ran during each:
 * what a user timing {@code dmlemu run --iterations 7 --warmup 3} waits for while the JIT settles. Each workload runs
 * in a child JVM with {@code -XX:+LogCompilation}; its compile tasks (start and end, from the log) are matched with
 * the dispatches' start and end (JVM uptime). On two CPUs, a compilation during a dispatch on two threads takes a CPU
 * from a worker (docs/performance.md, "Compiled in the first dispatches").
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.dmlemu.bench.DispatchTimeline --workloads W3
 * --threads 2}; {@code --cli some/dmlemu.jar} times that build's emulator instead of this jar's.
 */
@Command(name = "dispatch-timeline", mixinStandardHelpOptions = true,
        description = "Per-dispatch times of a fresh JVM beside the C2 compilations of dmlemu code during each.")
public final class DispatchTimeline implements Callable<Integer> {

    private static final Pattern TASK = Pattern.compile(
            "<task (compile_id='\\d+'[^>]*method='(dev\\.dmlemu\\.[^' ]+) ([^' ]+)[^>]*stamp='([\\d.]+)')>(.*?)"
                    + "<task_done[^>]*stamp='([\\d.]+)'", Pattern.DOTALL);
    private static final Pattern LEVEL = Pattern.compile("level='(\\d)'");

    @Option(names = "--workloads", split = ",", defaultValue = "W1,W2,W3,W4",
            description = "workloads of the JMH benchmarks (default W1,W2,W3,W4)")
    List<String> workloads;

    @Option(names = "--threads", split = ",", defaultValue = "1,2", description = "thread counts (default 1,2)")
    List<Integer> threads;

    @Option(names = "--dispatches", defaultValue = "12", description = "dispatches per JVM (default 12)")
    int dispatches;

    @Option(names = "--warmup", defaultValue = "3",
            description = "dispatches before the timed window, as dmlemu run's --warmup (default 3)")
    int warmup;

    @Option(names = "--iterations", defaultValue = "7",
            description = "the timed window's length, as dmlemu run's --iterations (default 7)")
    int iterations;

    @Option(names = "--cli", description = "a command-line jar whose emulator to time instead of this jar's")
    Path cli;

    public static void main(String[] args) {
        System.exit(new CommandLine(new DispatchTimeline()).execute(args));
    }

    /** A C2 compilation of one of dmlemu's methods, in seconds of JVM uptime. */
    record Compilation(String method, boolean osr, double start, double end) {
        double overlapMs(double from, double to) {
            return Math.max(0, Math.min(end, to) - Math.max(start, from)) * 1e3;
        }
    }

    /** One dispatch, in seconds of JVM uptime. */
    record Dispatch(double start, double end) {}

    @Override
    public Integer call() throws Exception {
        if (warmup + iterations > dispatches) {
            throw new IllegalArgumentException("--dispatches must cover --warmup + --iterations");
        }
        for (String workload : workloads) {
            for (int t : threads) {
                Path log = Files.createTempFile("dmlemu-jit-", ".log");
                try {
                    List<Dispatch> timeline = runChild(workload, t, log);
                    report(workload, t, timeline, compilations(Files.readString(log, StandardCharsets.UTF_8)));
                } finally {
                    Files.deleteIfExists(log);
                }
            }
        }
        return 0;
    }

    private List<Dispatch> runChild(String workload, int t, Path log) throws Exception {
        String classPath = cli == null ? System.getProperty("java.class.path")
                : cli.toAbsolutePath() + java.io.File.pathSeparator + System.getProperty("java.class.path");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+LogCompilation", "-XX:LogFile=" + log, "-cp", classPath,
                Dispatches.class.getName(), workload, Integer.toString(t), Integer.toString(dispatches));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException("the dispatching JVM failed:\n" + output);
        }
        List<Dispatch> timeline = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("dispatch ")) {
                String[] f = line.trim().split(" ");
                timeline.add(new Dispatch(Long.parseLong(f[1]) / 1e9, Long.parseLong(f[2]) / 1e9));
            }
        }
        return timeline;
    }

    /** The C2 (level 4) compilations of dmlemu's methods in a {@code -XX:+LogCompilation} file. */
    static List<Compilation> compilations(String log) {
        List<Compilation> found = new ArrayList<>();
        Matcher m = TASK.matcher(log);
        while (m.find()) {
            Matcher level = LEVEL.matcher(m.group(1));
            if (level.find() && !level.group(1).equals("4")) {
                continue;
            }
            String owner = m.group(2).substring(m.group(2).lastIndexOf('.') + 1);
            found.add(new Compilation(owner + "." + m.group(3), m.group(1).contains("compile_kind='osr'"),
                    Double.parseDouble(m.group(4)), Double.parseDouble(m.group(6))));
        }
        return found;
    }

    private void report(String workload, int t, List<Dispatch> timeline, List<Compilation> compilations) {
        System.out.printf(Locale.ROOT, "%s, %d thread(s): dispatch, ms, C2 compilations of dmlemu code during it"
                + " (ms of each within the dispatch)%n", workload, t);
        double windowCompileMs = 0;
        for (int i = 0; i < timeline.size(); i++) {
            Dispatch d = timeline.get(i);
            boolean timed = i >= warmup && i < warmup + iterations;
            StringBuilder during = new StringBuilder();
            for (Compilation c : compilations) {
                double ms = c.overlapMs(d.start(), d.end());
                if (ms > 0) {
                    during.append(String.format(Locale.ROOT, " %s%s %.0f", c.method(), c.osr() ? " (OSR)" : "", ms));
                    if (timed) {
                        windowCompileMs += ms;
                    }
                }
            }
            System.out.printf(Locale.ROOT, "  %2d %7.1f%s%s%n", i, (d.end() - d.start()) * 1e3,
                    timed ? " *" : "  ", during);
        }
        double[] window = timeline.subList(warmup, warmup + iterations).stream()
                .mapToDouble(d -> (d.end() - d.start()) * 1e3).toArray();
        double[] rest = timeline.subList(warmup + iterations, timeline.size()).stream()
                .mapToDouble(d -> (d.end() - d.start()) * 1e3).toArray();
        System.out.printf(Locale.ROOT, "  timed window (*): median %.1f ms, %.0f ms of C2 compilation within it;"
                + " later dispatches: median %s%n", Median.of(window), windowCompileMs,
                rest.length == 0 ? "-" : String.format(Locale.ROOT, "%.1f ms", Median.of(rest)));
    }

    /** The child JVM: prepares the workload, then prints each dispatch's start and end in nanoseconds of uptime. */
    static final class Dispatches {

        private Dispatches() {}

        public static void main(String[] args) throws Exception {
            int count = Integer.parseInt(args[2]);
            long[] starts = new long[count];
            long[] ends = new long[count];
            try (EmulatorRun run = new EmulatorRun(args[0], Integer.valueOf(args[1]))) {
                System.gc(); // the data generation's garbage, so that no collection falls into the dispatches
                Thread.sleep(1000);
                // Nanoseconds since the JVM started (to the millisecond), as the compile log's stamps count.
                long origin = System.nanoTime() - ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
                for (int i = 0; i < count; i++) {
                    starts[i] = System.nanoTime() - origin;
                    run.run();
                    ends[i] = System.nanoTime() - origin;
                }
            }
            for (int i = 0; i < count; i++) {
                System.out.println("dispatch " + starts[i] + " " + ends[i]);
            }
        }
    }
}

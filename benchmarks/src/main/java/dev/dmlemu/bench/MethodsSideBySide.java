package dev.dmlemu.bench;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Several methods of one {@link EmulatorAgainstOrtBenchmark} or {@link KernelAgainstOrtBenchmark} (the emulator, ONNX
 * Runtime, the floors) timed in alternating rounds in one JVM, on one trial's setup: the ratio of the emulator to its
 * floor when the machine is too busy for separate JMH iterations to meet the same conditions (as
 * {@link BuildsSideBySide} does for two builds).
 * Reports each method's median of round medians and its 10th percentile over every call, and, per later method, the
 * first method's time over it: the median and range of the per-round ratios, and the ratio of the 10th percentiles
 * (the calls the machine left alone).
 *
 * <p>Run: {@code java -Xms4g -Xmx4g -cp benchmarks/target/benchmarks.jar dev.dmlemu.bench.MethodsSideBySide
 * --benchmark GatherNdBenchmark --workload ND_ROWS --threads 1 emulator sliceCopyFloor onnxRuntime}.
 */
@Command(name = "methods-side-by-side", mixinStandardHelpOptions = true,
        description = "A benchmark's methods timed in alternating rounds in one JVM.")
public final class MethodsSideBySide implements Callable<Integer> {

    @Option(names = "--benchmark", required = true,
            description = "GatherBenchmark, GatherNdBenchmark, ScatterElementsBenchmark, ElementWiseBenchmark,"
                    + " MovementBenchmark or SelectionAndPoolingBenchmark")
    String benchmark;

    @Option(names = "--workload", required = true, description = "the benchmark's workload")
    String workload;

    @Option(names = "--threads", defaultValue = "1", description = "threads (default 1)")
    int threads;

    @Option(names = "--warmup", defaultValue = "300", description = "calls per method before timing (default 300)")
    int warmup;

    @Option(names = "--rounds", defaultValue = "21", description = "alternating rounds (default 21)")
    int rounds;

    @Option(names = "--per-round", defaultValue = "40", description = "calls per method and round (default 40)")
    int perRound;

    // ONNX Runtime's pool kept a thread spinning into the next method's round: at two threads on two CPUs the method
    // after it ran about twice as long (docs/performance.md, "Fifth round: the second thread").
    @Option(names = "--settle-ms", defaultValue = "100",
            description = "pause before each method's calls of a round, in ms (default 100)")
    long settleMs;

    @Parameters(arity = "2..*", paramLabel = "METHOD", description = "benchmark methods, the emulator's first")
    List<String> methods;

    public static void main(String[] args) {
        System.exit(new CommandLine(new MethodsSideBySide()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Class<?> type = Class.forName(MethodsSideBySide.class.getPackageName() + "." + benchmark);
        // An EmulatorAgainstOrtBenchmark or a KernelAgainstOrtBenchmark: both have these public fields and methods.
        Object trial = type.getDeclaredConstructor().newInstance();
        type.getField("workload").set(trial, workload);
        type.getField("threads").setInt(trial, threads);
        type.getMethod("setUp").invoke(trial);
        try {
            List<Method> calls = new ArrayList<>();
            for (String name : methods) {
                calls.add(type.getMethod(name));
            }
            for (Method call : calls) {
                for (int i = 0; i < warmup; i++) {
                    call.invoke(trial);
                }
            }
            List<AlternatingRounds.Call> contestants = new ArrayList<>();
            for (Method call : calls) {
                contestants.add(() -> call.invoke(trial));
            }
            AlternatingRounds timed = AlternatingRounds.time(contestants, rounds, perRound, settleMs);
            double[][] medians = timed.roundMediansMs();
            long[][] every = timed.callsNs();
            System.out.printf(Locale.ROOT, "%s %s, %d thread(s), %d rounds of %d calls per method:%n", benchmark,
                    workload, threads, rounds, perRound);
            double[] p10 = new double[calls.size()];
            for (int m = 0; m < calls.size(); m++) {
                double[] sorted = medians[m].clone();
                Arrays.sort(sorted);
                long[] all = every[m].clone();
                Arrays.sort(all);
                p10[m] = all[all.length / 10] / 1e6;
                System.out.printf(Locale.ROOT, "  %s: median %.3f ms (rounds %.3f-%.3f), 10th percentile %.3f ms%n",
                        methods.get(m), Median.of(sorted), sorted[0], sorted[rounds - 1], p10[m]);
            }
            for (int m = 1; m < calls.size(); m++) {
                double[] ratios = new double[rounds];
                for (int round = 0; round < rounds; round++) {
                    ratios[round] = medians[0][round] / medians[m][round];
                }
                Arrays.sort(ratios);
                System.out.printf(Locale.ROOT, "  %s / %s per round: median %.3f (%.3f-%.3f), 10th percentiles %.3f%n",
                        methods.get(0), methods.get(m), Median.of(ratios), ratios[0], ratios[rounds - 1],
                        p10[0] / p10[m]);
            }
        } finally {
            type.getMethod("tearDown").invoke(trial);
        }
        return 0;
    }
}

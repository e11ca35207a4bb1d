package dev.dmlemu.bench;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.file.Path;
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
 * Two or more builds of the emulator settled side by side in one JVM: each command-line jar's emulator is loaded in a
 * class loader of its own (its classes before this jar's), prepared on the same workload, warmed up, and then timed in
 * alternating rounds. On a machine whose speed drifts by tens of percent within minutes, builds timed one after the
 * other in separate processes compare drift as much as code; alternating rounds in one process put both under the
 * same conditions. Reports each build's median of round medians and, per later build, the median and range of its
 * per-round ratio to the first.
 *
 * <p>Run: {@code java -Xmx10g -cp benchmarks/target/benchmarks.jar dev.dmlemu.bench.BuildsSideBySide --workload W3
 * --threads 2 before.jar after.jar}.
 */
@Command(name = "builds-side-by-side", mixinStandardHelpOptions = true,
        description = "Settled dispatch times of several builds' emulators, alternating rounds in one JVM.")
public final class BuildsSideBySide implements Callable<Integer> {

    @Option(names = "--workload", defaultValue = "W3",
            description = "a workload of the benchmarks: GatherElements, Gather, GatherND, ScatterElements, or one of"
                    + " KernelWorkloads with one output, such as ADD, CAST or MAX_POOL (default W3)")
    String workload;

    @Option(names = "--threads", defaultValue = "1", description = "emulator threads (default 1)")
    int threads;

    @Option(names = "--warmup", defaultValue = "20", description = "dispatches per build before timing (default 20)")
    int warmup;

    @Option(names = "--rounds", defaultValue = "15", description = "alternating rounds (default 15)")
    int rounds;

    @Option(names = "--per-round", defaultValue = "5", description = "dispatches per build and round (default 5)")
    int perRound;

    @Parameters(arity = "2..*", paramLabel = "JAR", description = "command-line jars (cli/target/dmlemu.jar)")
    List<Path> jars;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BuildsSideBySide()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<Runnable> builds = new ArrayList<>();
        List<ByteBuffer> buffers = null;
        for (Path jar : jars) {
            Runnable build = load(jar, buffers);
            builds.add(build);
            if (buffers == null) {
                buffers = sharedBuffers(build);
            }
        }
        for (int i = 0; i < warmup; i++) {
            builds.forEach(Runnable::run);
        }
        List<AlternatingRounds.Call> calls = new ArrayList<>();
        builds.forEach(build -> calls.add(build::run));
        double[][] medians = AlternatingRounds.time(calls, rounds, perRound).roundMediansMs();
        System.out.printf(Locale.ROOT, "%s, %d thread(s), %d rounds of %d dispatches per build:%n", workload, threads,
                rounds, perRound);
        for (int b = 0; b < builds.size(); b++) {
            double[] sorted = medians[b].clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "  %s: median %.2f ms (rounds %.2f-%.2f)%n", jars.get(b),
                    Median.of(sorted), sorted[0], sorted[rounds - 1]);
        }
        for (int b = 1; b < builds.size(); b++) {
            double[] ratios = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                ratios[round] = medians[b][round] / medians[0][round];
            }
            Arrays.sort(ratios);
            System.out.printf(Locale.ROOT, "  %s / %s per round: median %.3f (%.3f-%.3f)%n", jars.get(b).getFileName(),
                    jars.get(0).getFileName(), Median.of(ratios), ratios[0], ratios[rounds - 1]);
        }
        return 0;
    }

    /**
     * The workload prepared on {@code jar}'s emulator (that jar first, then this one for the benchmark's classes),
     * bound to {@code buffers} where not null: every build reads and writes the first one's memory.
     */
    private Runnable load(Path jar, List<ByteBuffer> buffers) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(jar.toUri().toURL());
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        return (Runnable) loader.loadClass(EmulatorRun.class.getName())
                .getConstructor(String.class, Integer.class, List.class).newInstance(workload, threads, buffers);
    }

    /** The buffers a build's run binds ({@link EmulatorRun#buffers()}, through its own class loader). */
    @SuppressWarnings("unchecked")
    private static List<ByteBuffer> sharedBuffers(Runnable build) throws Exception {
        return (List<ByteBuffer>) build.getClass().getMethod("buffers").invoke(build);
    }
}

package dev.dmlemu.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dmlemu.model.NpyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The emulator as a user of the command line sees it, beside ONNX Runtime in the same run: for each workload and
 * thread count, {@code java -jar dmlemu.jar run MODEL --backend emulator --iterations N --warmup W --threads T} in a
 * fresh JVM (the JIT has not settled), the same with many warm-ups (the command line's settled time, to set beside
 * JMH's), and ONNX Runtime's CPU kernel in this process with the same warm-ups and timed runs, one series right after
 * each command-line process. Each side reports the median of its repeats' medians, and the ratio of each back-to-back
 * pair is shown too. The model files are written once per workload into a temporary folder (DxDispatch JSON with
 * {@code .npy} resources, the data of the JMH workloads: {@link TimedWorkload}), and the command line's output is
 * checked against ONNX Runtime's, byte for byte, before anything is reported.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.dmlemu.bench.CommandLineTiming --cli
 * cli/target/dmlemu.jar} (docs/performance.md, "The command line's view").
 */
@Command(name = "command-line-timing", mixinStandardHelpOptions = true,
        description = "Times dmlemu's command line (fresh JVM per run) beside ONNX Runtime's CPU kernel.")
public final class CommandLineTiming implements Callable<Integer> {

    /** The command line's default {@code --max-resource-bytes}. */
    private static final long DEFAULT_RESOURCE_LIMIT = 256L << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--cli", required = true, description = "the command-line jar (cli/target/dmlemu.jar)")
    Path cli;

    @Option(names = "--workloads", split = ",", defaultValue = "W1,W2,W3,W4",
            description = "packed workloads to time: GatherElements W1-W5, W2_F16 ..., Gather EMBEDDING, AXIS1,"
                    + " GatherND ND_ROWS, ScatterElements SCATTER_ROWS, ADD, CAST, CONCAT, SLICE, PAD, TOP_K, MAX_POOL"
                    + " (those without an emulator kernel are skipped; default W1,W2,W3,W4)")
    List<String> workloads;

    @Option(names = "--threads", split = ",", defaultValue = "1,2", description = "thread counts (default 1,2)")
    List<Integer> threads;

    @Option(names = "--iterations", defaultValue = "7", description = "timed runs per measurement (default 7)")
    int iterations;

    @Option(names = "--warmup", defaultValue = "3", description = "warm-up runs before them (default 3)")
    int warmup;

    @Option(names = "--settled-warmup", defaultValue = "30",
            description = "warm-up runs for the command line's settled time: a number, or auto, as dmlemu run's"
                    + " --warmup takes it (default 30; 0 skips it)")
    String settledWarmup;

    @Option(names = "--repeats", defaultValue = "3",
            description = "fresh command-line processes per measurement, each followed by one ONNX Runtime series;"
                    + " the median of each side's medians is reported (default 3)")
    int repeats;

    @Option(names = "--models", paramLabel = "DIR",
            description = "write each workload's model into DIR/<workload> and keep it (default: a temporary folder,"
                    + " deleted afterwards)")
    Path models;

    @Option(names = "--java-option", description = "a JVM option for the command line's process (repeatable; after"
            + " the options the dmlemu launcher adds on this machine, so -XX:-UseTransparentHugePages undoes those)")
    List<String> javaOptions = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(new CommandLine(new CommandLineTiming()).execute(args));
    }

    /**
     * One row of the table.
     *
     * @param ratios ONNX Runtime's time over the command line's, per repeat (each pair measured back to back), sorted
     * @param jitMs the JIT compilers' milliseconds during each repeat's timed runs, as the command line reports them
     *     (-1 where the JVM does not time its compilers), sorted
     */
    record Row(String workload, int threads, double cliMs, double ortMs, double settledMs, double[] ratios,
            long[] jitMs) {}

    /** One command-line process's timing: the median of its timed runs, and the compilers' time during them. */
    record CliTiming(double medianMs, long jitMs) {}

    @Override
    public Integer call() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (String name : workloads) {
            TimedWorkload w = TimedWorkload.named(name);
            if (w instanceof TimedWorkload.Kernel k && !WorkloadRun.emulatorRuns(k.workload())) {
                System.err.println(name + ": skipped, the emulator has no kernel for "
                        + k.workload().desc().operatorType().cName() + " yet");
                continue;
            }
            Path folder = models == null ? Files.createTempDirectory("dmlemu-cli-timing-")
                    : Files.createDirectories(models.resolve(name));
            try {
                w.writeModel(folder);
                settle();
                for (int t : threads) {
                    // Each command-line process is followed by one ONNX Runtime series, so both sides sample the
                    // same stretch of a machine whose speed drifts by tens of percent within minutes.
                    double[] cold = new double[repeats];
                    long[] jit = new long[repeats];
                    double[] ort = new double[repeats];
                    for (int r = 0; r < repeats; r++) {
                        CliTiming timing = runCli(folder, t, Integer.toString(warmup), r == 0, w);
                        cold[r] = timing.medianMs();
                        jit[r] = timing.jitMs();
                        ort[r] = timeOrt(w, t);
                    }
                    double settledMs = settledWarmup.equals("0") ? Double.NaN
                            : runCli(folder, t, settledWarmup, false, w).medianMs();
                    Arrays.sort(jit);
                    Row row = new Row(name, t, Median.of(cold), Median.of(ort), settledMs, pairedRatios(ort, cold),
                            jit);
                    rows.add(row);
                    System.err.println(describe(row));
                }
            } finally {
                deleteUnlessKept(folder);
            }
        }
        System.out.println(table(rows));
        return 0;
    }

    /**
     * Lets this process and the machine go quiet before a command line is timed: the data generation leaves garbage,
     * compilations and hundreds of MiB of freshly written files behind, and a child timed meanwhile competes with them
     * (measured: W3 at 2 threads 58 ms right after writing the model, 22-32 ms in a quiet shell).
     */
    private static void settle() throws InterruptedException {
        System.gc();
        Thread.sleep(2000);
    }

    private static double[] pairedRatios(double[] ort, double[] cli) {
        double[] ratios = new double[ort.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = ort[i] / cli[i];
        }
        Arrays.sort(ratios);
        return ratios;
    }

    private void deleteUnlessKept(Path folder) throws IOException {
        if (models == null) {
            try (var files = Files.list(folder)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(folder);
        }
    }

    /**
     * Runs the command line in a fresh JVM with {@code --json}; returns its timing, after checking its output if
     * asked.
     */
    private CliTiming runCli(Path folder, int t, String warmups, boolean check, TimedWorkload w) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(LauncherJvmOptions.ofThisMachine());
        command.addAll(javaOptions);
        command.addAll(List.of("-jar", cli.toAbsolutePath().toString(), "run", "model.json", "--backend", "emulator",
                "--iterations", Integer.toString(iterations), "--warmup", warmups, "--threads",
                Integer.toString(t), "--output-dir", ".", "--json"));
        if (w.resourceBytes() > DEFAULT_RESOURCE_LIMIT) {
            // The command line caps a model's resources for untrusted input; this model is ours and larger.
            command.addAll(List.of("--max-resource-bytes", Long.toString(w.resourceBytes())));
        }
        // stderr apart: the JVM may print there (an option's warning), and stdout must be the one JSON object.
        Path errors = Files.createTempFile("dmlemu-cli-timing-", ".err");
        try {
            Process process = new ProcessBuilder(command).directory(folder.toFile())
                    .redirectError(errors.toFile()).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = process.waitFor();
            // The model has one dispatch; its timing is the one member of "timings".
            JsonNode timings = exit == 0 ? JSON.readTree(output).path("timings") : null;
            JsonNode timing = timings != null && timings.size() == 1 ? timings.elements().next() : null;
            if (timing == null || !timing.path("medianMs").isNumber()) {
                throw new IllegalStateException("dmlemu run exited " + exit + " without a timing:\n" + output
                        + Files.readString(errors));
            }
            if (check) {
                checkOutput(folder.resolve("output.npy"), w);
            }
            JsonNode jit = timing.path("jitCompilationMs");
            return new CliTiming(timing.get("medianMs").asDouble(), jit.isIntegralNumber() ? jit.asLong() : -1);
        } finally {
            Files.deleteIfExists(errors);
        }
    }

    private static void checkOutput(Path file, TimedWorkload w) throws Exception {
        ByteBuffer cliOut = NpyFile.read(file).data();
        try (OrtNode ort = w.ort(1)) {
            ort.run();
            ByteBuffer expected = ort.output();
            for (int i = 0; i < expected.capacity(); i++) {
                if (cliOut.get(i) != expected.get(i)) {
                    throw new IllegalStateException(w.name() + ": the command line and ONNX Runtime differ at byte "
                            + i);
                }
            }
        }
    }

    private double timeOrt(TimedWorkload w, int t) throws Exception {
        try (OrtNode ort = w.ort(t)) {
            for (int i = 0; i < warmup; i++) {
                ort.run();
            }
            long[] nanos = new long[iterations];
            for (int i = 0; i < iterations; i++) {
                long start = System.nanoTime();
                ort.run();
                nanos[i] = System.nanoTime() - start;
            }
            return Median.of(nanos) / 1e6;
        }
    }

    private String describe(Row r) {
        return String.format(Locale.ROOT, "%s, %d thread(s): command line %.1f ms, ONNX Runtime %.1f ms (%.2fx;"
                + " back-to-back pairs %.2f-%.2fx), settled command line %.1f ms, JIT while timed %s ms", r.workload(),
                r.threads(), r.cliMs(), r.ortMs(), r.ortMs() / r.cliMs(), r.ratios()[0],
                r.ratios()[r.ratios().length - 1], r.settledMs(), jitList(r.jitMs()));
    }

    /** The repeats' JIT milliseconds, "?" for one the JVM did not measure. */
    private static String jitList(long[] jitMs) {
        StringBuilder b = new StringBuilder();
        for (long ms : jitMs) {
            b.append(b.length() == 0 ? "" : ", ").append(ms < 0 ? "?" : Long.toString(ms));
        }
        return b.toString();
    }

    private String table(List<Row> rows) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "| workload | threads | command line, %d runs after %d warm-ups (ms) |"
                + " ONNX Runtime, same (ms) | ratio | back-to-back pairs | command line after %s warm-ups (ms) |"
                + " JIT compilation while timed (ms, each process) |%n", iterations, warmup, settledWarmup));
        b.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | **%.2f×** | %.2f–%.2f× | %.1f | %s |%n",
                    r.workload(), r.threads(), r.cliMs(), r.ortMs(), r.ortMs() / r.cliMs(), r.ratios()[0],
                    r.ratios()[r.ratios().length - 1], r.settledMs(), jitList(r.jitMs())));
        }
        return b.toString();
    }
}

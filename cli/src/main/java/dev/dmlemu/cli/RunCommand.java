package dev.dmlemu.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.model.NpyFile;
import dev.dmlemu.model.OperatorDispatchable;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.Diagnostic;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dmlemu run MODEL.json}: executes a model's commands in order, like DxDispatch. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a model file's commands in order: dispatch, print, writeFile.",
            "Every dispatchable is validated first at the feature level; an invalid one stops the run with its"
                    + " diagnostics.",
            "Several model files run one after another in one JVM, each line led by the file's name, then a"
                    + " summary."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "MODEL.json", converter = ModelPathConverter.class,
            description = "DxDispatch-style model files, or - for standard input (its sourcePaths then resolve in"
                    + " the current directory); several: one JVM, their lines led by their names, and a summary")
    List<Path> models;

    @Option(names = "--backend", paramLabel = "BACKEND", defaultValue = "auto",
            description = "auto (DirectML when available, else the emulator), emulator, directml (default ${DEFAULT-VALUE})")
    BackendChoice backend;

    @Option(names = "--feature-level", paramLabel = "LEVEL", converter = FeatureLevelConverter.class,
            description = "validate and run at this level (default: the backend's highest)")
    FeatureLevel featureLevel;

    @Option(names = "--index-policy", paramLabel = "POLICY", converter = IndexPolicyOption.Converter.class,
            description = "emulator only: directml (DirectML's measured behaviour, default), strict, clamp-axis")
    IndexPolicyOption indexPolicy;

    @Option(names = "--iterations", paramLabel = "N", defaultValue = "0",
            description = "time each dispatch over N executions (median and minimum, dispatch only)")
    int iterations;

    @Option(names = "--warmup", paramLabel = "W|auto", defaultValue = "0", converter = WarmupOption.Converter.class,
            description = "untimed executions before the timed ones; after each, the run lets the JIT compilers"
                    + " finish what it started (3 s at most in all); auto: until five in a row over half a second"
                    + " compiled nothing (at most 100)")
    WarmupOption warmup = WarmupOption.NONE;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1", description = "emulator threads (default 1)")
    int threads;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Mixin
    ModelReading reading;

    @Option(names = {"--output-dir", "--output_path"}, paramLabel = "DIR", defaultValue = ".",
            description = "where writeFile targets go; they must stay inside it (default: the current directory;"
                    + " created if missing; --output_path is DxDispatch's name for it)")
    Path outputDir;

    @Option(names = OutputFolder.WRITE_ANYWHERE,
            description = "let writeFile targets be absolute or leave --output-dir, as DxDispatch does")
    boolean writeAnywhere;

    @Option(names = "--max-output-bytes", paramLabel = "BYTES", defaultValue = "1073741824",
            description = "refuse runs that would write more: .npy files (each at least 4 KiB) and printed or --json"
                    + " values (default ${DEFAULT-VALUE}, 1 GiB)")
    long maxOutputBytes;

    @Option(names = "--max-elements", paramLabel = "N", defaultValue = "17179869184",
            description = "refuse runs whose dispatches would read and write more tensor elements in all (every"
                    + " tensor of each dispatch, updates included, with the integer products' multiply-adds and the"
                    + " poolings' window reads), every execution counted (default ${DEFAULT-VALUE}, 2^34)")
    long maxElements;

    /**
     * What one timed dispatch measured.
     *
     * @param warmups the untimed executions before them (with --warmup auto, as many as the JIT took to settle)
     * @param totalMs the timed executions' time, all of them
     * @param jitCompilationMs the JIT compilers' time while they ran (summed over the compiler threads), where the JVM
     *     measures it
     */
    record Timing(String dispatchable, int warmups, int iterations, double medianMs, double minMs, double totalMs,
            OptionalLong jitCompilationMs) {

        /**
         * Whether the compilers worked for a tenth or more of the timed time: then what was timed is partly code the
         * JIT had not finished with, and on a machine of few CPUs the compilers took CPU time from it.
         */
        boolean compiledWhileTimed() {
            return jitCompilationMs.isPresent() && jitCompilationMs.getAsLong() > 0
                    && jitCompilationMs.getAsLong() * 10 >= totalMs;
        }

        /** The note on stderr after {@code --warmup auto}: how many warm-ups it ran. */
        String settledLine() {
            return String.format(Locale.ROOT, "note: dispatch '%s': %d warm-ups (--warmup auto)",
                    OneLine.of(dispatchable), warmups);
        }

        /** The note on stderr when {@link #compiledWhileTimed}. */
        String compiledWhileTimedLine() {
            return String.format(Locale.ROOT, "note: dispatch '%s': the JIT compilers worked for %d ms while its %d"
                    + " timed executions ran (%.1f ms); a longer --warmup gives settled times",
                    OneLine.of(dispatchable), jitCompilationMs.orElse(0), iterations, totalMs);
        }
    }

    /**
     * A dispatch whose output depends on something DirectML does not promise, or a command whose effect a user may
     * not expect.
     *
     * @param member what the warning is about, as its --json member: {@code dispatch} or {@code command}
     * @param name the dispatchable's name, or the command's JSON path
     */
    record Warning(String member, String name, String message) {

        static Warning dispatch(String dispatchable, String message) {
            return new Warning("dispatch", dispatchable, message);
        }

        /** The line on stderr without --json. */
        String line() {
            return member.equals("dispatch") ? "warning: dispatch '" + OneLine.of(name) + "': " + message
                    : "warning: " + name + ": " + message;
        }
    }

    /** Which file of the batch first planned to write a target. */
    private record TargetOwner(int fileIndex, String file) {}

    private final ExecutionReports reports = new ExecutionReports();

    /**
     * How long the warm-ups of one run may wait in all for the compilations they started: longer than the few hundred
     * milliseconds C2 takes for a kernel's hot methods on a loaded machine, short enough that a JVM whose compilers
     * never go idle costs little.
     */
    private static final Duration COMPILER_WAIT = Duration.ofSeconds(3);

    /** The JVM's compilers, looked up at the first warm-up (the platform's management server takes a while). */
    private CompilerQueue compilers;
    private Duration compilerWaitLeft = COMPILER_WAIT;

    /** After a warm-up: lets the compilers finish what it started, from what is left of the run's budget. */
    private void awaitCompilers() {
        if (compilerWaitLeft.isZero()) {
            return;
        }
        if (compilers == null) {
            compilers = CompilerQueue.ofThisJvm();
        }
        long start = System.nanoTime();
        compilers.awaitIdle(compilerWaitLeft);
        Duration left = compilerWaitLeft.minusNanos(System.nanoTime() - start);
        compilerWaitLeft = left.isNegative() ? Duration.ZERO : left;
    }

    /** Every target the batch's files planned so far: a second file writing one is warned about. */
    private final Map<Path, TargetOwner> batchTargets = new HashMap<>();
    private int fileIndex;

    /**
     * The files of the batch no target may be: every model file of the batch (known before the first runs) and
     * every file an earlier file of the batch read. A later file's sources are not known when an earlier file writes,
     * and a batch may chain (one file writes what a later one reads), so they are not among them.
     */
    private final Map<Path, String> batchReads = new LinkedHashMap<>();

    @Override
    public Integer call() {
        checkCounts();
        ModelBatch.requireStandardInputOnce(models);
        if (models.size() > 1) {
            for (Path model : models) {
                if (!ModelInput.isStandardInput(model)) {
                    try {
                        batchReads.putIfAbsent(model.toRealPath(), "the model file "
                                + OneLine.of(model.toString()) + " of this batch");
                    } catch (IOException e) {
                        // Missing or unreadable: its own turn says so, and no target can be it.
                    }
                }
            }
        }
        EmulatorOptions emulatorOptions;
        try {
            emulatorOptions = EmulatorOptions.builder()
                    .indexPolicy((indexPolicy == null ? IndexPolicyOption.DIRECTML : indexPolicy).policy())
                    .threads(threads)
                    .listener(reports)
                    .build();
        } catch (IllegalArgumentException e) {
            throw CliFailure.unusableInput("--threads: " + e.getMessage());
        }
        // One backend for every file: opening it (a device, on DirectML) is paid once.
        try (BackendSession session = BackendSession.open(backend, emulatorOptions)) {
            if (!session.isEmulator() && indexPolicy != null) {
                throw CliFailure.unusableInput("--index-policy applies to the emulator only; the DirectML backend "
                        + "does what DirectML does (use --backend emulator)");
            }
            FeatureLevel level = session.featureLevel(Optional.ofNullable(featureLevel));
            if (!json) {
                spec.commandLine().getErr().println(session.describe(level, session.isEmulator()
                        ? Optional.of(indexPolicy == null ? IndexPolicyOption.DIRECTML : indexPolicy)
                        : Optional.empty()));
            }
            return ModelBatch.runStreamed(models, (model, out, err, file) -> runOne(model, session, level, out, err,
                    file), ModelBatch.Output.of(spec, json));
        }
    }

    /** One model file: validated, then run; its text goes to {@code out} and {@code err}. */
    private ExitCode runOne(Path model, BackendSession session, FeatureLevel level, PrintWriter out, PrintWriter err,
            Optional<String> file) {
        fileIndex++;
        ModelInput input = ModelInput.read(model, reading);
        ModelVerdict verdict = ModelVerdict.of(input, level);
        if (!verdict.isValid()) {
            return reportInvalid(verdict, out, err, file);
        }
        if (!session.isEmulator()) {
            requireNoInitializationBindings(input);
        } else {
            input.requireEmulatorKernels();
        }
        return execute(input, session, level, verdict, out, err, file);
    }

    /**
     * The DirectML backend binds every tensor when it executes, and DirectML refuses an OWNED_BY_DML tensor bound
     * then (docs/directml-behaviour.md §9): such a model runs on the emulator, which takes the initialization copy.
     */
    static void requireNoInitializationBindings(ModelInput input) {
        input.model().dispatchables().forEach((name, dispatchable) -> {
            if (dispatchable instanceof OperatorDispatchable operator && !operator.initializationBindings().isEmpty()) {
                throw input.problemAt(JsonPath.child(JsonPath.child("dispatchables", name), "bindings"),
                        "the DirectML backend binds every tensor at execution, so it cannot run OWNED_BY_DML tensors"
                                + " bound at initialization; run this model with --backend emulator");
            }
        });
    }

    private void checkCounts() {
        if (iterations < 0 || warmup.count() < 0) {
            throw CliFailure.unusableInput("--iterations and --warmup must be 0 or more");
        }
        if (maxOutputBytes < 0 || maxElements < 0) {
            throw CliFailure.unusableInput("--max-output-bytes and --max-elements must be 0 or more");
        }
        if (warmup.count() > 0 && iterations == 0) {
            throw CliFailure.unusableInput("--warmup needs --iterations");
        }
        // Each timed execution keeps its time until the median is taken.
        HeapBudget.refusal(8L * iterations).ifPresent(refusal -> {
            throw CliFailure.unusableInput("--iterations " + iterations + ": timing them needs " + 8L * iterations
                    + " bytes, " + refusal);
        });
    }

    /**
     * An invalid model: its diagnostics and verdict on stderr (and, for one of several files, the verdict on stdout
     * too, as that file's line), or its validate object with --json.
     */
    private ExitCode reportInvalid(ModelVerdict verdict, PrintWriter out, PrintWriter err, Optional<String> file) {
        if (json) {
            ObjectNode object = Json.object();
            file.ifPresent(name -> object.put("file", name));
            object.setAll(ValidateCommand.toJson(verdict));
            out.println(Json.write(object));
        } else {
            for (Map.Entry<String, Diagnostic> entry : verdict.diagnostics()) {
                err.println(OneLine.diagnostic(entry.getKey(), entry.getValue()));
            }
            err.println(verdict.verdictLine());
            if (file.isPresent()) {
                out.println(verdict.verdictLine());
            }
        }
        return ExitCode.INVALID_OPERATOR;
    }

    /**
     * Plans the whole run (resource sizes, bindings, targets, budgets) before allocating or running anything, then
     * materializes the resources and runs the commands in order.
     */
    private ExitCode execute(ModelInput input, BackendSession session, FeatureLevel level, ModelVerdict verdict,
            PrintWriter out, PrintWriter err, Optional<String> file) {
        ChosenPaths.requireNoLink("--output-dir", outputDir);
        ResourcePlan resourcePlan = ResourcePlan.of(input, reading);
        Map<Path, String> reads = ReadFiles.of(input);
        Map<Path, String> protectedFiles = new LinkedHashMap<>(reads);
        batchReads.forEach(protectedFiles::putIfAbsent);
        if (models.size() > 1) {
            String name = OneLine.of(input.path().toString());
            reads.forEach((path, what) -> batchReads.putIfAbsent(path, what + " of " + name + ", earlier in this"
                    + " batch"));
        }
        OutputFolder outputs = new OutputFolder(outputDir, !writeAnywhere, protectedFiles);
        try {
            return execute(input, session, level, verdict, resourcePlan, outputs, out, err, file);
        } finally {
            // Every written file has been reported by now, as a line or in --json's files.
            outputs.finish();
        }
    }

    private ExitCode execute(ModelInput input, BackendSession session, FeatureLevel level, ModelVerdict verdict,
            ResourcePlan resourcePlan, OutputFolder outputs, PrintWriter out, PrintWriter err,
            Optional<String> file) {
        // With --warmup auto the budget counts the most warm-ups it may run.
        long executions = iterations == 0 ? 1 : (long) warmup.count() + iterations;
        RunPlan plan = RunPlan.of(input, input.operators(), resourcePlan, outputs,
                new RunPlan.Budget(maxElements, maxOutputBytes, executions, json));
        List<Warning> warnings = new ArrayList<>(targetsWrittenBefore(input, plan, outputs));
        if (!json) {
            warnings.forEach(warning -> err.println(warning.line()));
        }
        ResourceBuffers resources = ResourceBuffers.materialize(input, resourcePlan);
        Map<String, ByteBuffer> initialized = initializationCopies(input, plan, resources);
        Map<String, PreparedOperator> prepared = new HashMap<>();
        List<Timing> timings = new ArrayList<>();
        List<String> written = new ArrayList<>();
        int dispatches = (int) plan.steps().stream().filter(RunPlan.Dispatch.class::isInstance).count();
        int dispatchNumber = 0;
        // In a batch the line goes to the command's own stderr and names the file: a '\r' through the file's
        // prefixed stream would overwrite the prefix, and the next line would lack it.
        Progress progress = file.isPresent()
                ? Progress.start(spec.commandLine().getErr(), json, OneLine.lineStart(OneLine.of(file.get())) + ": ")
                : Progress.start(err, json);
        try {
            for (RunPlan.Step step : plan.steps()) {
                if (step instanceof RunPlan.Dispatch dispatch) {
                    dispatchNumber++;
                    PreparedOperator operator = prepare(input, session, verdict, dispatch, prepared);
                    Map<String, BufferBinding> byField = new LinkedHashMap<>();
                    for (RunPlan.PlannedBinding binding : dispatch.bindings()) {
                        byField.put(binding.field(), binding.atInitialization()
                                ? BufferBinding.of(initialized.get(initializationKey(dispatch, binding)))
                                : new BufferBinding(resources.get(binding.resource()).bytes(), binding.offset(),
                                        binding.available()));
                    }
                    int number = dispatchNumber;
                    dispatch(input, dispatch, operator, Bindings.byFieldName(dispatch.desc(), byField),
                            (execution, ofAll) -> progress.at(number, dispatches, dispatch.dispatchable(),
                                    dispatch.where(), execution, ofAll))
                            .ifPresent(timings::add);
                    reports.takeFirst().ifPresent(found -> {
                        Warning warning = Warning.dispatch(dispatch.dispatchable(), found.describe());
                        warnings.add(warning);
                        if (!json) {
                            progress.clear();
                            err.println(warning.line());
                        }
                    });
                } else if (step instanceof RunPlan.Print print) {
                    if (!json) {
                        // stdout and stderr are often one terminal: the values start on a clean line.
                        progress.clear();
                        ResourceText.print(out, resources.get(print.resource()), print.count(), print.verbose());
                    }
                } else if (step instanceof RunPlan.Write write) {
                    written.add(writeFile(input, outputs, write, resources.get(write.resource())));
                }
            }
        } catch (CliFailure failure) {
            // The files already written stay (each is whole): the failure names them, on stderr or in --json.
            progress.clear();
            if (!json) {
                written.forEach(path -> err.println("wrote " + OneLine.of(path)));
            }
            throw failure.afterWriting(written);
        } catch (RuntimeException | Error error) {
            progress.clear();
            written.forEach(path -> err.println("wrote " + OneLine.of(path)));
            throw error;
        } finally {
            progress.close();
            prepared.values().forEach(PreparedOperator::close);
        }
        if (json) {
            writeJson(out, file, session, level, resources, plan.jsonValues(), timings, warnings, written);
        } else {
            for (Timing timing : timings) {
                out.printf(Locale.ROOT, "Dispatch '%s': %d iterations, %.4f ms median (CPU), %.4f ms min (CPU)%n",
                        OneLine.of(timing.dispatchable()), timing.iterations(), timing.medianMs(), timing.minMs());
                if (warmup.mode() == WarmupOption.Mode.UNTIL_SETTLED) {
                    err.println(timing.settledLine());
                }
                if (timing.compiledWhileTimed()) {
                    err.println(timing.compiledWhileTimedLine());
                }
            }
            written.forEach(path -> err.println("wrote " + OneLine.of(path)));
        }
        return ExitCode.SUCCESS;
    }

    /**
     * A warning for each target an earlier file of the batch planned to write too: the later file's values replace
     * the earlier ones, which the user may not expect. A file writing one target twice is its own business.
     */
    private List<Warning> targetsWrittenBefore(ModelInput input, RunPlan plan, OutputFolder outputs) {
        List<Warning> warnings = new ArrayList<>();
        Map<Path, TargetOwner> mine = new LinkedHashMap<>();
        for (RunPlan.Step step : plan.steps()) {
            if (step instanceof RunPlan.Write write) {
                Optional<Path> target = outputs.resolve(write.targetPath()).file();
                if (target.isEmpty()) {
                    continue;
                }
                TargetOwner earlier = batchTargets.get(target.get());
                if (earlier != null && earlier.fileIndex() != fileIndex) {
                    warnings.add(new Warning("command", write.where() + ".targetPath", "'"
                            + OneLine.of(write.targetPath()) + "' (" + OneLine.of(target.get().toString())
                            + ") is written by " + OneLine.of(earlier.file()) + " too, earlier in this batch;"
                            + " this file's values replace those"));
                }
                mine.putIfAbsent(target.get(), new TargetOwner(fileIndex, input.path().toString()));
            }
        }
        mine.forEach(batchTargets::putIfAbsent);
        return warnings;
    }

    /**
     * The bytes of every tensor a dispatchable binds at initialization (OWNED_BY_DML), copied before the first
     * command as DirectML copies them into the operator's persistent resource when DxDispatch initializes it: later
     * writes to the resource do not reach the operator.
     */
    private static Map<String, ByteBuffer> initializationCopies(ModelInput input, RunPlan plan,
            ResourceBuffers resources) {
        Map<String, ByteBuffer> copies = new HashMap<>();
        long bytes = 0;
        for (RunPlan.Step step : plan.steps()) {
            if (step instanceof RunPlan.Dispatch dispatch) {
                for (RunPlan.PlannedBinding binding : dispatch.bindings()) {
                    String key = initializationKey(dispatch, binding);
                    if (binding.atInitialization() && !copies.containsKey(key)) {
                        bytes += binding.available();
                        Optional<String> refusal = HeapBudget.refusal(bytes);
                        if (refusal.isPresent()) {
                            throw input.problemAt(dispatch.where(), "copying the tensors bound at initialization"
                                    + " needs " + bytes + " bytes, " + refusal.get());
                        }
                        ByteBuffer source = resources.get(binding.resource()).bytes().duplicate();
                        source.position(Math.toIntExact(binding.offset()))
                                .limit(Math.toIntExact(binding.offset() + binding.available()));
                        ByteBuffer copy = ByteBuffer.allocate(source.remaining()).order(ByteOrder.LITTLE_ENDIAN);
                        copies.put(key, copy.put(source).clear());
                    }
                }
            }
        }
        return copies;
    }

    private static String initializationKey(RunPlan.Dispatch dispatch, RunPlan.PlannedBinding binding) {
        return dispatch.dispatchable() + "\u0000" + binding.field();
    }

    /** The dispatchable compiled once for all its dispatches; a backend's refusal is exit code 2 at the command. */
    private static PreparedOperator prepare(ModelInput input, BackendSession session, ModelVerdict verdict,
            RunPlan.Dispatch dispatch, Map<String, PreparedOperator> prepared) {
        PreparedOperator operator = prepared.get(dispatch.dispatchable());
        if (operator == null) {
            try {
                operator = session.backend().prepare(verdict.results().get(dispatch.dispatchable()).validated());
            } catch (OperatorExecutionException e) {
                throw input.problemAt(dispatch.where(), "dispatchable '" + dispatch.dispatchable() + "': the "
                        + session.backend().name() + " backend refuses it: " + e.getMessage());
            }
            prepared.put(dispatch.dispatchable(), operator);
        }
        return operator;
    }

    /** Told the execution about to start (from 1) and the dispatch's executions in all. */
    private interface ExecutionListener {
        void starting(long execution, long executions);
    }

    private Optional<Timing> dispatch(ModelInput input, RunPlan.Dispatch step, PreparedOperator operator,
            Bindings bindings, ExecutionListener listener) {
        try {
            if (iterations == 0) {
                listener.starting(1, 1);
                operator.execute(bindings);
                return Optional.empty();
            }
            long executions = (long) warmup.count() + iterations;
            JitCompilationClock jit = JitCompilationClock.ofThisJvm();
            int warmups = 0;
            int quietInARow = 0;
            long quietSince = System.nanoTime();
            while (!warmup.done(warmups, quietInARow, System.nanoTime() - quietSince)) {
                listener.starting(warmups + 1L, executions);
                OptionalLong beforeWarmup = jit.totalMs();
                long start = System.nanoTime();
                operator.execute(bindings);
                awaitCompilers();
                warmups++;
                // A JVM that does not time its compilers never counts as settled: auto runs its limit there.
                if (jit.since(beforeWarmup).orElse(1) == 0) {
                    if (quietInARow == 0) {
                        quietSince = start;
                    }
                    quietInARow++;
                } else {
                    quietInARow = 0;
                }
            }
            long[] nanos = new long[iterations];
            OptionalLong compiledBefore = jit.totalMs();
            for (int i = 0; i < iterations; i++) {
                listener.starting(warmups + i + 1L, executions);
                long start = System.nanoTime();
                operator.execute(bindings);
                nanos[i] = System.nanoTime() - start;
            }
            OptionalLong compiled = jit.since(compiledBefore);
            long total = Arrays.stream(nanos).sum();
            Arrays.sort(nanos);
            double median = iterations % 2 == 1 ? nanos[iterations / 2]
                    : (nanos[iterations / 2 - 1] + nanos[iterations / 2]) / 2.0;
            return Optional.of(new Timing(step.dispatchable(), warmups, iterations, median / 1e6, nanos[0] / 1e6,
                    total / 1e6, compiled));
        } catch (OperatorExecutionException e) {
            throw input.problemAt(step.where(), "dispatch '" + step.dispatchable() + "': " + e.getMessage());
        }
    }

    /**
     * Writes the resource atomically: as a {@code .npy} file of the planned shape, or its whole buffer as raw bytes
     * ({@code .dat}, {@code .bin}) as DxDispatch writes what it downloads; returns the file's path.
     */
    private static String writeFile(ModelInput input, OutputFolder outputs, RunPlan.Write write,
            ResourceBuffers.Resource resource) {
        ByteBuffer data = resource.bytes().duplicate();
        try {
            if (write.raw()) {
                data.clear();
                return outputs.write(write.targetPath(), channel -> {
                    while (data.hasRemaining()) {
                        channel.write(data);
                    }
                }).toString();
            }
            data.position(0).limit(Math.toIntExact(write.count() * resource.dataType().sizeInBytes()));
            String descr = NpyFile.descrOf(resource.dataType());
            return outputs.write(write.targetPath(), channel -> NpyFile.write(channel, descr, write.shape(),
                    data.slice())).toString();
        } catch (OutputFolder.Refused e) {
            throw input.problemAt(write.where() + ".targetPath", "'" + write.targetPath() + "' " + e.getMessage());
        } catch (IOException e) {
            throw input.problemAt(write.where() + ".targetPath", "cannot write " + write.targetPath() + ": "
                    + WritableFolders.describe(e));
        }
    }

    /** The --json object, streamed: a resource's values are written as they are read, never held as a tree. */
    private void writeJson(PrintWriter out, Optional<String> file, BackendSession session, FeatureLevel level,
            ResourceBuffers resources, Map<String, Long> shown, List<Timing> timings, List<Warning> warnings,
            List<String> written) {
        try (JsonGenerator g = Json.generator(out)) {
            g.writeStartObject();
            if (file.isPresent()) {
                g.writeStringField("file", file.get());
            }
            g.writeStringField("backend", session.backend().name());
            if (session.fallbackReason().isPresent()) {
                g.writeStringField("directmlUnavailable", session.fallbackReason().get());
            }
            g.writeStringField("featureLevel", level.cName());
            if (session.isEmulator()) {
                g.writeStringField("indexPolicy",
                        (indexPolicy == null ? IndexPolicyOption.DIRECTML : indexPolicy).toString());
            }
            g.writeObjectFieldStart("resources");
            for (Map.Entry<String, Long> entry : shown.entrySet()) {
                ResourceBuffers.Resource resource = resources.get(entry.getKey());
                g.writeObjectFieldStart(entry.getKey());
                g.writeStringField("dataType", resource.dataType().name());
                g.writeArrayFieldStart("values");
                for (long i = 0; i < entry.getValue(); i++) {
                    Json.writeElement(g, resource.dataType(), resource.bytes(), i);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeObjectFieldStart("timings");
            for (Timing timing : timings) {
                g.writeObjectFieldStart(timing.dispatchable());
                g.writeNumberField("warmups", timing.warmups());
                g.writeNumberField("iterations", timing.iterations());
                g.writeNumberField("medianMs", timing.medianMs());
                g.writeNumberField("minMs", timing.minMs());
                if (timing.jitCompilationMs().isPresent()) {
                    g.writeNumberField("jitCompilationMs", timing.jitCompilationMs().getAsLong());
                } else {
                    g.writeNullField("jitCompilationMs");
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeArrayFieldStart("warnings");
            for (Warning warning : warnings) {
                g.writeStartObject();
                g.writeStringField(warning.member(), warning.name());
                g.writeStringField("message", warning.message());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("files");
            for (String path : written) {
                g.writeString(path);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
    }
}

package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.model.BindingRef;
import dev.dmlemu.desc.model.DispatchCommand;
import dev.dmlemu.desc.model.NpyFile;
import dev.dmlemu.desc.model.PrintCommand;
import dev.dmlemu.desc.model.WriteFileCommand;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dmlemu run MODEL.json}: executes a model's commands in order, like DxDispatch. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a model file's commands in order: dispatch, print, writeFile. Every dispatchable is",
            "validated first at the feature level; an invalid one stops the run with its diagnostics."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL.json", description = "a DxDispatch-style model file")
    Path model;

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

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "0",
            description = "untimed executions before the timed ones")
    int warmup;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1", description = "emulator threads (default 1)")
    int threads;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Option(names = "--max-resource-bytes", paramLabel = "BYTES", defaultValue = "268435456",
            description = "refuse models whose resources need more bytes in all (default ${DEFAULT-VALUE}, 256 MiB)")
    long maxResourceBytes;

    /** What one timed dispatch measured. */
    record Timing(String dispatchable, int iterations, double medianMs, double minMs) {}

    @Override
    public Integer call() {
        checkCounts();
        ModelInput input = ModelInput.read(model);
        EmulatorOptions emulatorOptions;
        try {
            emulatorOptions = EmulatorOptions.builder()
                    .indexPolicy((indexPolicy == null ? IndexPolicyOption.DIRECTML : indexPolicy).policy())
                    .threads(threads)
                    .build();
        } catch (IllegalArgumentException e) {
            throw CliFailure.unusableInput("--threads: " + e.getMessage());
        }
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
            ModelVerdict verdict = ModelVerdict.of(input.operators(), level);
            if (!verdict.isValid()) {
                return reportInvalid(verdict);
            }
            return execute(input, session, level, verdict);
        }
    }

    private void checkCounts() {
        if (iterations < 0 || warmup < 0) {
            throw CliFailure.unusableInput("--iterations and --warmup must be 0 or more");
        }
        if (maxResourceBytes < 0) {
            throw CliFailure.unusableInput("--max-resource-bytes must be 0 or more");
        }
        if (warmup > 0 && iterations == 0) {
            throw CliFailure.unusableInput("--warmup needs --iterations");
        }
    }

    private int reportInvalid(ModelVerdict verdict) {
        if (json) {
            spec.commandLine().getOut().println(Json.write(ValidateCommand.toJson(verdict)));
        } else {
            PrintWriter err = spec.commandLine().getErr();
            for (Map.Entry<String, Diagnostic> entry : verdict.diagnostics()) {
                err.println(OneLine.diagnostic(entry.getKey(), entry.getValue()));
            }
            err.println(verdict.verdictLine());
        }
        return ExitCode.INVALID_OPERATOR.code();
    }

    private int execute(ModelInput input, BackendSession session, FeatureLevel level, ModelVerdict verdict) {
        ResourceBuffers resources = ResourceBuffers.materialize(input, maxResourceBytes);
        Map<String, PreparedOperator> prepared = new HashMap<>();
        List<Timing> timings = new ArrayList<>();
        Set<String> printed = new LinkedHashSet<>();
        Set<String> boundOutputs = new LinkedHashSet<>();
        List<String> written = new ArrayList<>();
        PrintWriter out = spec.commandLine().getOut();
        try {
            List<dev.dmlemu.desc.model.Command> commands = input.model().commands();
            for (int i = 0; i < commands.size(); i++) {
                dev.dmlemu.desc.model.Command command = commands.get(i);
                String where = "commands[" + i + "]";
                if (command instanceof DispatchCommand dispatch) {
                    OperatorDesc desc = input.operators().get(dispatch.dispatchable());
                    PreparedOperator operator = prepared.computeIfAbsent(dispatch.dispatchable(),
                            name -> session.backend().prepare(verdict.results().get(name).validated()));
                    Bindings bindings = bind(where, dispatch, desc, resources, boundOutputs);
                    dispatch(where, dispatch.dispatchable(), operator, bindings).ifPresent(timings::add);
                } else if (command instanceof PrintCommand print) {
                    printed.add(print.resource());
                    if (!json) {
                        printResource(out, resources.get(print.resource()), print.verbose());
                    }
                } else if (command instanceof WriteFileCommand write) {
                    written.add(writeFile(where, resources.get(write.resource()), write.targetPath()));
                }
            }
        } finally {
            prepared.values().forEach(PreparedOperator::close);
        }
        if (json) {
            out.println(Json.write(toJson(session, level, resources, printed.isEmpty() ? boundOutputs : printed,
                    timings, written)));
        } else {
            for (Timing timing : timings) {
                out.printf(Locale.ROOT, "Dispatch '%s': %d iterations, %.4f ms median (CPU), %.4f ms min (CPU)%n",
                        timing.dispatchable(), timing.iterations(), timing.medianMs(), timing.minMs());
            }
            written.forEach(path -> spec.commandLine().getErr().println("wrote " + OneLine.of(path)));
        }
        return ExitCode.SUCCESS.code();
    }

    /** DML_BUFFER_BINDINGs for a dispatch, each checked against its tensor's TotalTensorSizeInBytes. */
    private static Bindings bind(String where, DispatchCommand dispatch, OperatorDesc desc,
            ResourceBuffers resources, Set<String> boundOutputs) {
        // Binding names that are not tensor fields never get here: the model reader refuses them with their line.
        Map<String, BufferBinding> byField = new LinkedHashMap<>();
        for (TensorField field : desc.tensorFields()) {
            BindingRef ref = dispatch.bindings().get(field.name());
            if (ref == null) {
                throw CliFailure.unusableInput(where + ".bindings: no binding for " + field.name()
                        + " of dispatchable '" + dispatch.dispatchable() + "'");
            }
            ResourceBuffers.Resource resource = resources.get(ref.resource());
            long offset = byteOffset(where + ".bindings." + field.name(), resource, ref.elementOffset());
            long available = resource.bytes().capacity() - offset;
            long needed = ((BufferTensorDesc) field.desc()).totalTensorSizeInBytes();
            // TotalTensorSizeInBytes is a UINT64: compare unsigned.
            if (Long.compareUnsigned(available, needed) < 0) {
                throw CliFailure.unusableInput(where + ".bindings." + field.name() + ": resource '"
                        + OneLine.of(resource.name()) + "' has " + available + " bytes from element offset "
                        + Long.toUnsignedString(ref.elementOffset()) + ", but " + field.name()
                        + " needs TotalTensorSizeInBytes = " + Long.toUnsignedString(needed));
            }
            if (field.kind() == dev.dmlemu.desc.TensorKind.OUTPUT) {
                boundOutputs.add(resource.name());
            }
            byField.put(field.name(), new BufferBinding(resource.bytes(), offset, available));
        }
        return Bindings.byFieldName(desc, byField);
    }

    /**
     * The byte offset of {@code elementOffset} (a UINT64) in the resource: within the buffer and on a byte boundary
     * (an odd offset into UINT4/INT4 data is not).
     */
    private static long byteOffset(String where, ResourceBuffers.Resource resource, long elementOffset) {
        long bits = resource.dataType().sizeInBits();
        long capacityElements = resource.bytes().capacity() * 8L / bits;
        if (Long.compareUnsigned(elementOffset, capacityElements) > 0) {
            throw CliFailure.unusableInput(where + ": elementOffset " + Long.toUnsignedString(elementOffset)
                    + " is past the end of resource '" + OneLine.of(resource.name()) + "' (" + capacityElements + " "
                    + resource.dataType().name() + " elements)");
        }
        if (elementOffset * bits % 8 != 0) {
            throw CliFailure.unusableInput(where + ": elementOffset " + elementOffset + " of "
                    + resource.dataType().name() + " data does not start on a byte");
        }
        return elementOffset * bits / 8;
    }

    private Optional<Timing> dispatch(String where, String name, PreparedOperator operator,
            Bindings bindings) {
        try {
            if (iterations == 0) {
                operator.execute(bindings);
                return Optional.empty();
            }
            for (int i = 0; i < warmup; i++) {
                operator.execute(bindings);
            }
            long[] nanos = new long[iterations];
            for (int i = 0; i < iterations; i++) {
                long start = System.nanoTime();
                operator.execute(bindings);
                nanos[i] = System.nanoTime() - start;
            }
            Arrays.sort(nanos);
            double median = iterations % 2 == 1 ? nanos[iterations / 2]
                    : (nanos[iterations / 2 - 1] + nanos[iterations / 2]) / 2.0;
            return Optional.of(new Timing(name, iterations, median / 1e6, nanos[0] / 1e6));
        } catch (OperatorExecutionException e) {
            throw CliFailure.unusableInput(where + " (dispatch '" + name + "'): " + e.getMessage());
        }
    }

    /** {@code Resource 'Y': 4, 8, 3, 7, 2, 3}, or one {@code [i] value (0xBITS)} line per element when verbose. */
    private static void printResource(PrintWriter out, ResourceBuffers.Resource resource, boolean verbose) {
        long count = printableCount(resource);
        if (verbose) {
            out.println("Resource '" + OneLine.of(resource.name()) + "':");
            for (long i = 0; i < count; i++) {
                out.println("[" + i + "] " + ElementValues.printText(resource.dataType(), resource.bytes(), i) + " ("
                        + ElementValues.hex(resource.dataType(), resource.bytes(), i) + ")");
            }
            return;
        }
        StringBuilder line = new StringBuilder("Resource '").append(OneLine.of(resource.name())).append("': ");
        for (long i = 0; i < count; i++) {
            if (i > 0) {
                line.append(", ");
            }
            line.append(ElementValues.printText(resource.dataType(), resource.bytes(), i));
        }
        out.println(line);
    }

    /** The initializer's element count, never past the buffer. */
    private static long printableCount(ResourceBuffers.Resource resource) {
        long capacityElements = (long) resource.bytes().capacity() * 8 / resource.dataType().sizeInBits();
        return Math.min(resource.initialElementCount(), capacityElements);
    }

    private static String writeFile(String where, ResourceBuffers.Resource resource, String targetPath) {
        if (!targetPath.toLowerCase(Locale.ROOT).endsWith(".npy")) {
            throw CliFailure.unusableInput(where + ".targetPath: '" + targetPath
                    + "': dmlemu writes .npy files only");
        }
        if (!resource.dataType().isByteAddressable()) {
            throw CliFailure.unusableInput(where + ": .npy has no " + resource.dataType() + " type");
        }
        long count = printableCount(resource);
        ByteBuffer data = resource.bytes().duplicate();
        data.position(0).limit(Math.toIntExact(count * resource.dataType().sizeInBytes()));
        Path target = Path.of(targetPath);
        try {
            NpyFile.write(target, resource.dataType(), List.of(count), data.slice());
        } catch (UncheckedIOException e) {
            throw CliFailure.unusableInput(where + ": cannot write " + target + ": " + e.getCause().getMessage());
        } catch (RuntimeException e) {
            if (e.getCause() instanceof IOException io) {
                throw CliFailure.unusableInput(where + ": cannot write " + target + ": " + io.getMessage());
            }
            throw e;
        }
        return target.toString();
    }

    private ObjectNode toJson(BackendSession session, FeatureLevel level, ResourceBuffers resources,
            Set<String> shown, List<Timing> timings, List<String> written) {
        ObjectNode root = Json.object();
        root.put("backend", session.backend().name());
        session.fallbackReason().ifPresent(reason -> root.put("directmlUnavailable", reason));
        root.put("featureLevel", level.cName());
        if (session.isEmulator()) {
            root.put("indexPolicy", (indexPolicy == null ? IndexPolicyOption.DIRECTML : indexPolicy).toString());
        }
        ObjectNode resourcesNode = root.putObject("resources");
        for (String name : shown) {
            ResourceBuffers.Resource resource = resources.get(name);
            ObjectNode node = resourcesNode.putObject(name);
            node.put("dataType", resource.dataType().name());
            ArrayNode values = node.putArray("values");
            long count = printableCount(resource);
            for (long i = 0; i < count; i++) {
                ElementValues.addJson(values, resource.dataType(), resource.bytes(), i);
            }
        }
        ObjectNode timingsNode = root.putObject("timings");
        for (Timing timing : timings) {
            ObjectNode node = timingsNode.putObject(timing.dispatchable());
            node.put("iterations", timing.iterations());
            node.put("medianMs", timing.medianMs());
            node.put("minMs", timing.minMs());
        }
        ArrayNode files = root.putArray("files");
        written.forEach(files::add);
        return root;
    }
}

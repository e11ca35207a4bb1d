package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.IndexPolicy;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.model.ElementValues;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.nativebridge.CreateVerdict;
import dev.dmlemu.nativebridge.DirectMlBackend;
import dev.dmlemu.nativebridge.DirectMlRefusedException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.LongPredicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dmlemu compare MODEL.json...}: every dispatch on the emulator and on the real DirectML, then every resource a
 * dispatch wrote compared element by element.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Runs each model on the emulator and on the real DirectML and compares every output.",
            "DirectML runs on Windows, or on Linux after setup-directml. Each output resource prints 'identical', or",
            "the first differing elements (index, both values, both bit patterns) and a count. An element several",
            "scatter updates wrote is reported as undefined (DirectML promises no winner), not as a difference.",
            "A model dmlemu finds invalid is not run: DirectML's CreateOperator verdict on each refused dispatchable",
            "is printed next to dmlemu's, and they agree when DirectML refuses it too (or ends its process on it).",
            "A model using a data type the DirectML device lacks (FLOAT16 on Wine's CPU device), or one whose",
            "CompileOperator the device refuses after CreateOperator accepted it, is not compared.",
            "Exit code 0 when everything agrees, 4 when an output or a verdict differs, 3 when DirectML is",
            "unavailable, 5 when the emulator has no kernel for an operator, 6 when a model was not compared."})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "MODEL.json", description = "DxDispatch-style model files")
    List<Path> models;

    @Option(names = "--feature-level", paramLabel = "LEVEL", converter = FeatureLevelConverter.class,
            description = "validate and run at this level (default: the device's highest)")
    FeatureLevel featureLevel;

    @Option(names = "--max-differences", paramLabel = "N", defaultValue = "10",
            description = "differing elements listed per resource (default ${DEFAULT-VALUE}); all are counted")
    int maxDifferences;

    @Option(names = "--max-elements", paramLabel = "N", defaultValue = "17179869184",
            description = "refuse models whose dispatches would compute more output elements (default ${DEFAULT-VALUE})")
    long maxElements;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Mixin
    ModelReading reading;

    private final ExecutionReports reports = new ExecutionReports();

    @Override
    public Integer call() {
        if (maxDifferences < 0 || maxElements < 0) {
            throw CliFailure.unusableInput("--max-differences and --max-elements must be 0 or more");
        }
        EmulatorOptions emulatorOptions = EmulatorOptions.builder().indexPolicy(IndexPolicy.DIRECTML)
                .listener(reports).build();
        try (BackendSession directMl = BackendSession.open(BackendChoice.DIRECTML, emulatorOptions);
                Emulator emulator = new Emulator(emulatorOptions)) {
            FeatureLevel level = directMl.featureLevel(Optional.ofNullable(featureLevel));
            if (!json) {
                spec.commandLine().getErr().println("compare: emulator (index policy directml) against "
                        + directMl.describe(level, Optional.empty()));
            }
            DirectMlBackend real = (DirectMlBackend) directMl.backend();
            return ModelBatch.runStreamed(models, (model, out, err, file) -> compareOne(model, emulator, real, level,
                    out, err, file), ModelBatch.Output.of(spec, json));
        }
    }

    /**
     * What one resource's comparison found.
     *
     * @param differing elements that differ where DirectML defines the output
     * @param undefined elements that differ where several scatter updates wrote them (DirectML promises no winner)
     * @param first the first differing elements of both kinds, in index order
     */
    record ResourceComparison(String resource, long elements, long differing, long undefined,
            List<Difference> first) {}

    record Difference(long index, String emulator, String emulatorBits, String directMl, String directMlBits,
            boolean undefined) {}

    private ExitCode compareOne(Path model, Emulator emulator, DirectMlBackend real, FeatureLevel level,
            PrintWriter out, PrintWriter err, Optional<String> file) {
        ModelInput input = ModelInput.read(model, reading);
        ModelVerdict verdict = ModelVerdict.of(input, level);
        if (!verdict.isValid()) {
            return reportInvalid(input, verdict, real, out, file);
        }
        RunCommand.requireNoInitializationBindings(input);
        // As run does: an operator the emulator cannot run is exit 5 before any work, not a failed dispatch.
        input.requireEmulatorKernels();
        Map<String, String> lacking = new LinkedHashMap<>();
        input.operators().forEach((name, desc) -> {
            Set<TensorDataType> lacked = real.deviceInfo().lackedBy(desc);
            if (!lacked.isEmpty()) {
                lacking.put(name, DeviceLimits.describe(lacked));
            }
        });
        if (!lacking.isEmpty()) {
            return reportNotCompared(lacking, out, file);
        }
        ResourcePlan resourcePlan = ResourcePlan.of(input, reading);
        RunPlan plan = RunPlan.of(input, input.operators(), resourcePlan, new OutputFolder(Path.of("."), true),
                new RunPlan.Budget(maxElements, Long.MAX_VALUE, 1, true));
        Map<String, List<LongPredicate>> undefined = new HashMap<>();
        ResourceBuffers emulated = runAll(input, plan, resourcePlan, verdict, emulator, undefined);
        ResourceBuffers measured;
        try {
            measured = runAll(input, plan, resourcePlan, verdict, real, null);
        } catch (RefusedAfterCreate e) {
            return reportNotCompared(Map.of(e.dispatchable, "DirectML accepted it in CreateOperator but "
                    + ((DirectMlRefusedException) e.getCause()).stage().call() + " refused it on this device ("
                    + e.getMessage() + ")"), out, file);
        }
        List<ResourceComparison> comparisons = new ArrayList<>();
        for (String resource : writtenResources(plan)) {
            List<LongPredicate> tests = undefined.getOrDefault(resource, List.of());
            comparisons.add(compare(emulated.get(resource), measured.get(resource),
                    element -> tests.stream().anyMatch(test -> test.test(element)), maxDifferences));
        }
        boolean differs = comparisons.stream().anyMatch(c -> c.differing() > 0);
        if (json) {
            out.println(Json.write(toJson(file, level, comparisons, differs)));
        } else {
            comparisons.forEach(c -> print(out, c));
        }
        return differs ? ExitCode.OUTPUTS_DIFFER : ExitCode.SUCCESS;
    }

    /**
     * A model the DirectML device cannot run: for want of a data type, or because a step after CreateOperator
     * refused it. Each such dispatchable and the reason.
     */
    private ExitCode reportNotCompared(Map<String, String> reasons, PrintWriter out, Optional<String> file) {
        if (json) {
            ObjectNode root = Json.object();
            file.ifPresent(name -> root.put("file", name));
            root.put("compared", false);
            ObjectNode byDispatchable = root.putObject("notCompared");
            reasons.forEach(byDispatchable::put);
            out.println(Json.write(root));
        } else {
            reasons.forEach((name, reason) -> out.println("dispatchable '" + OneLine.of(name) + "': not compared: "
                    + reason + "; run it on the emulator with `dmlemu run`"));
        }
        return ExitCode.NOT_COMPARED;
    }

    /** DirectML refused a dispatchable at a step after CreateOperator accepted it: the device's doing. */
    private static final class RefusedAfterCreate extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String dispatchable;

        RefusedAfterCreate(String dispatchable, DirectMlRefusedException cause) {
            super(cause.getMessage(), cause, false, false);
            this.dispatchable = dispatchable;
        }
    }

    /**
     * dmlemu's verdict and, for each dispatchable it refuses, DirectML's own CreateOperator verdict; they agree when
     * DirectML does not accept it either.
     */
    private ExitCode reportInvalid(ModelInput input, ModelVerdict verdict, DirectMlBackend real, PrintWriter out,
            Optional<String> file) {
        ObjectNode root = Json.object();
        file.ifPresent(name -> root.put("file", name));
        root.put("valid", false);
        ObjectNode byDispatchable = root.putObject("directml");
        List<String> lines = new ArrayList<>();
        boolean agree = true;
        for (Map.Entry<String, ValidationResult> entry : verdict.results().entrySet()) {
            if (entry.getValue().isValid()) {
                continue;
            }
            String name = entry.getKey();
            CreateVerdict created = realVerdict(input, name, real);
            boolean same = created.outcome() != CreateVerdict.Outcome.ACCEPTED;
            agree &= same;
            byDispatchable.put(name, created.describe());
            lines.add("dispatchable '" + OneLine.of(name) + "': dmlemu: invalid ("
                    + entry.getValue().errors().get(0).rule() + "); DirectML CreateOperator: " + created.describe()
                    + (same ? "" : " -- DISAGREES"));
        }
        root.put("agrees", agree);
        if (json) {
            out.println(Json.write(root));
        } else {
            lines.forEach(out::println);
            out.println(verdict.verdictLine());
        }
        return agree ? ExitCode.SUCCESS : ExitCode.OUTPUTS_DIFFER;
    }

    static CreateVerdict realVerdict(ModelInput input, String dispatchable, DirectMlBackend real) {
        try {
            return real.createOperator(input.operators().get(dispatchable));
        } catch (IllegalArgumentException e) {
            throw input.problemAt(JsonPath.child("dispatchables", dispatchable), e.getMessage());
        }
    }

    /**
     * Every command's dispatches on one backend, from fresh resources; with {@code undefined}, the elements of each
     * resource that a scatter wrote more than once on the emulator, as tests of the resource's element index.
     */
    private ResourceBuffers runAll(ModelInput input, RunPlan plan, ResourcePlan resourcePlan, ModelVerdict verdict,
            ExecutionBackend backend, Map<String, List<LongPredicate>> undefined) {
        ResourceBuffers resources = ResourceBuffers.materialize(input, resourcePlan);
        Map<String, PreparedOperator> prepared = new HashMap<>();
        reports.takeFirst();
        try {
            for (RunPlan.Step step : plan.steps()) {
                if (!(step instanceof RunPlan.Dispatch dispatch)) {
                    continue;
                }
                try {
                    PreparedOperator operator = prepared.get(dispatch.dispatchable());
                    if (operator == null) {
                        operator = backend.prepare(verdict.results().get(dispatch.dispatchable()).validated());
                        prepared.put(dispatch.dispatchable(), operator);
                    }
                    Map<String, BufferBinding> byField = new LinkedHashMap<>();
                    for (RunPlan.PlannedBinding binding : dispatch.bindings()) {
                        byField.put(binding.field(), new BufferBinding(resources.get(binding.resource()).bytes(),
                                binding.offset(), binding.available()));
                    }
                    operator.execute(Bindings.byFieldName(dispatch.desc(), byField));
                } catch (DirectMlRefusedException e) {
                    if (e.afterCreateOperator()) {
                        throw new RefusedAfterCreate(dispatch.dispatchable(), e);
                    }
                    throw input.problemAt(dispatch.where(), "dispatch '" + dispatch.dispatchable() + "' on the "
                            + backend.name() + " backend: " + e.getMessage());
                } catch (OperatorExecutionException e) {
                    throw input.problemAt(dispatch.where(), "dispatch '" + dispatch.dispatchable() + "' on the "
                            + backend.name() + " backend: " + e.getMessage());
                }
                Optional<LongPredicate> overwritten = reports.takeOverwritten();
                reports.takeFirst();
                if (undefined != null && overwritten.isPresent()) {
                    for (RunPlan.PlannedBinding binding : dispatch.bindings()) {
                        if (binding.output()) {
                            long first = binding.offset() / resources.get(binding.resource()).dataType().sizeInBytes();
                            LongPredicate inBinding = overwritten.get();
                            undefined.computeIfAbsent(binding.resource(), name -> new ArrayList<>())
                                    .add(element -> element >= first && inBinding.test(element - first));
                        }
                    }
                }
            }
        } finally {
            prepared.values().forEach(PreparedOperator::close);
        }
        return resources;
    }

    private static Set<String> writtenResources(RunPlan plan) {
        Set<String> written = new LinkedHashSet<>();
        for (RunPlan.Step step : plan.steps()) {
            if (step instanceof RunPlan.Dispatch dispatch) {
                dispatch.bindings().stream().filter(RunPlan.PlannedBinding::output)
                        .forEach(binding -> written.add(binding.resource()));
            }
        }
        return written;
    }

    /**
     * Element by element over the resource's initial elements, the first {@code maxDifferences} differences kept; a
     * differing element {@code undefined} accepts is counted apart.
     */
    static ResourceComparison compare(ResourceBuffers.Resource emulated, ResourceBuffers.Resource measured,
            LongPredicate undefined, int maxDifferences) {
        ByteBuffer a = emulated.bytes();
        ByteBuffer b = measured.bytes();
        int bits = emulated.dataType().sizeInBits();
        // The elements print shows: a buffer rounded up to 4 bytes holds padding past them, which DirectML may write.
        long elements = Math.min(a.capacity() * 8L / bits, emulated.initialElementCount());
        long differing = 0;
        long undefinedDiffering = 0;
        List<Difference> first = new ArrayList<>();
        for (long i = 0; i < elements; i++) {
            if (sameElement(a, b, i, bits)) {
                continue;
            }
            boolean isUndefined = undefined.test(i);
            if (isUndefined) {
                undefinedDiffering++;
            } else {
                differing++;
            }
            if (first.size() < maxDifferences) {
                first.add(new Difference(i, ElementValues.printText(emulated.dataType(), a, i),
                        bits(emulated, i), ElementValues.printText(measured.dataType(), b, i), bits(measured, i),
                        isUndefined));
            }
        }
        return new ResourceComparison(emulated.name(), elements, differing, undefinedDiffering, first);
    }

    /** Whether element {@code i} of {@code bits} bits (8 and more, or a 4-bit nibble, the even one low) is equal. */
    private static boolean sameElement(ByteBuffer a, ByteBuffer b, long i, int bits) {
        if (bits >= 8) {
            int width = bits / 8;
            int at = Math.toIntExact(i * width);
            return a.slice(at, width).equals(b.slice(at, width));
        }
        int at = Math.toIntExact(i / 2);
        int shift = (int) (i % 2) * 4;
        return ((a.get(at) >> shift) & 0xF) == ((b.get(at) >> shift) & 0xF);
    }

    /** The element's bit pattern in hex, zero-padded to its width (DxDispatch pads its print with spaces). */
    private static String bits(ResourceBuffers.Resource resource, long index) {
        return ElementValues.hex(resource.dataType(), resource.bytes(), index).replace(' ', '0');
    }

    static void print(PrintWriter out, ResourceComparison c) {
        String name = "Resource '" + OneLine.of(c.resource()) + "'";
        if (c.differing() == 0 && c.undefined() == 0) {
            out.println(name + ": identical (" + c.elements() + " elements)");
            return;
        }
        String undefined = c.undefined() + " element" + (c.undefined() == 1 ? "" : "s") + " DirectML leaves"
                + " undefined (several scatter updates to one element; DirectML promises no winner) "
                + (c.undefined() == 1 ? "differs" : "differ") + ", not counted";
        if (c.differing() == 0) {
            out.println(name + ": identical where DirectML defines it (" + c.elements() + " elements); " + undefined);
        } else {
            out.println(name + ": " + c.differing() + " of " + c.elements() + " elements differ"
                    + (c.undefined() == 0 ? "" : "; " + undefined));
        }
        for (Difference d : c.first()) {
            out.println("  [" + d.index() + "] emulator " + d.emulator() + " (" + d.emulatorBits() + "), DirectML "
                    + d.directMl() + " (" + d.directMlBits() + ")" + (d.undefined() ? ", undefined" : ""));
        }
    }

    private static ObjectNode toJson(Optional<String> file, FeatureLevel level, List<ResourceComparison> comparisons,
            boolean differs) {
        ObjectNode root = Json.object();
        file.ifPresent(name -> root.put("file", name));
        root.put("featureLevel", level.cName());
        root.put("identical", !differs);
        ObjectNode resources = root.putObject("resources");
        for (ResourceComparison c : comparisons) {
            ObjectNode entry = resources.putObject(c.resource());
            entry.put("elements", c.elements());
            entry.put("differing", c.differing());
            entry.put("undefinedDiffering", c.undefined());
            ArrayNode list = entry.putArray("first");
            for (Difference d : c.first()) {
                ObjectNode item = list.addObject();
                item.put("index", d.index());
                item.put("emulator", d.emulator());
                item.put("emulatorBits", d.emulatorBits());
                item.put("directml", d.directMl());
                item.put("directmlBits", d.directMlBits());
                item.put("undefined", d.undefined());
            }
        }
        return root;
    }
}

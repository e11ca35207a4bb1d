package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.dmlemu.desc.DispatchWork;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.model.ElementValues;
import dev.dmlemu.model.ModelFiles;
import dev.dmlemu.model.NpyFile;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.lowering.BindingNote;
import dev.dmlemu.lowering.BufferLoweringResult;
import dev.dmlemu.lowering.ElementType;
import dev.dmlemu.lowering.FrameworkIndexCheck;
import dev.dmlemu.lowering.FrameworkNode;
import dev.dmlemu.lowering.FrameworkTensor;
import dev.dmlemu.lowering.IndexSign;
import dev.dmlemu.lowering.LoweredBuffers;
import dev.dmlemu.lowering.LoweringOptions;
import dev.dmlemu.lowering.LoweringResult;
import dev.dmlemu.lowering.NodeAttribute;
import dev.dmlemu.lowering.NodeAttributes;
import dev.dmlemu.lowering.Reduction;
import dev.dmlemu.lowering.Refused;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dmlemu onnx --data X.npy --indices I.npy [--updates U.npy]}: lowers a framework gather or scatter node (ONNX
 * GatherElements-13/11, OpenVINO GatherElements-6, ONNX Gather-13/11/1, OpenVINO Gather-1, ONNX GatherND-13/12/11,
 * ONNX ScatterElements-18/16/13/11, ONNX ScatterND-18/16/13/11) onto its DirectML desc at a feature level, runs it,
 * and prints the framework's output.
 */
@Command(name = "onnx", mixinStandardHelpOptions = true,
        description = {"Lowers and runs an ONNX or OpenVINO gather or scatter node given as .npy files.",
            "The node (GatherElements, Gather, GatherND, ScatterElements or ScatterND, see",
            "--frontend) is lowered onto DML_GATHER_ELEMENTS_OPERATOR_DESC,",
            "DML_GATHER_OPERATOR_DESC, DML_GATHER_ND(1)_OPERATOR_DESC,",
            "DML_SCATTER_ELEMENTS_OPERATOR_DESC or DML_SCATTER_ND_OPERATOR_DESC at a",
            "feature level and run; prints:",
            "  Output: <values, row-major, as DxDispatch prints them>",
            "  Shape: [<the output's shape>], type: <the data's element type>",
            "The backend, level and index policy go to stderr. A node the level cannot",
            "express is refused (exit 1) with the rule and the lowest level that accepts",
            "it. Under the default strict policy an out-of-range index is an error (exit 2),",
            "and so are two scatter updates with one target (ONNX leaves them undefined);",
            "under --index-policy directml the emulator keeps the last write and warns."})
final class OnnxCommand implements Callable<Integer> {

    /** The option that gives each attribute. */
    private static final Map<NodeAttribute, String> ATTRIBUTE_OPTIONS = Map.of(NodeAttribute.AXIS, "--axis",
            NodeAttribute.BATCH_DIMS, "--batch-dims", NodeAttribute.REDUCTION, "--reduction");

    @Spec
    CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "X.npy", description = "the data tensor")
    Path data;

    @Option(names = "--indices", required = true, paramLabel = "I.npy",
            description = "the indices tensor (int32 or int64)")
    Path indices;

    @Option(names = "--updates", paramLabel = "U.npy",
            description = "ScatterElements and ScatterND: the updates tensor (the data's element type)")
    Path updates;

    @Option(names = "--reduction", paramLabel = "R",
            description = "ScatterElements-16/18 and ScatterND-16/18: none (default), add, mul, or from 18 max, min; "
                    + "only none lowers onto DirectML")
    String reduction;

    @Option(names = "--axis", paramLabel = "A",
            description = "GatherElements, Gather and ScatterElements: the axis, negative counting from the back (ONNX default 0; "
                    + "required for openvino-6 and openvino-gather-1)")
    Long axis;

    @Option(names = "--batch-dims", paramLabel = "B",
            description = "GatherND-12/13: the number of leading batch dimensions of data and indices (default 0)")
    Long batchDims;

    @Option(names = "--frontend", paramLabel = "OP", defaultValue = "onnx-13",
            converter = FrontendOption.Converter.class,
            description = "GatherElements: onnx-13, onnx-11, openvino-6; Gather: onnx-gather-13, onnx-gather-11, "
                    + "onnx-gather-1, openvino-gather-1; GatherND: onnx-gathernd-13, onnx-gathernd-12, "
                    + "onnx-gathernd-11; ScatterElements: onnx-scatterelements-18, -16, -13, -11; ScatterND: "
                    + "onnx-scatternd-18, -16, -13, -11 (default ${DEFAULT-VALUE})")
    FrontendOption frontend;

    @Option(names = "--feature-level", paramLabel = "LEVEL", converter = FeatureLevelConverter.class,
            description = "lower and run at this level (default: the backend's highest)")
    FeatureLevel featureLevel;

    @Option(names = "--index-policy", paramLabel = "POLICY", converter = IndexPolicyOption.Converter.class,
            description = "strict (the framework's rule: out-of-range indices are an error, default), directml "
                    + "(what DirectML does with them), clamp-axis (emulator only)")
    IndexPolicyOption indexPolicy;

    @Option(names = "--backend", paramLabel = "BACKEND", defaultValue = "auto",
            description = "auto (DirectML when available, else the emulator), emulator, directml (default ${DEFAULT-VALUE})")
    BackendChoice backend;

    @Option(names = "--out", paramLabel = "Y.npy",
            description = "write the output as .npy: the output's shape, the data's dtype")
    Path out;

    @Option(names = "--print-desc",
            description = "print the lowered DxDispatch model file instead of running it (for dmlemu run or DxDispatch)")
    boolean printDesc;

    @Option(names = "--inline-values",
            description = "with --print-desc: write the input elements into the model instead of pointing at the .npy files")
    boolean inlineValues;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Option(names = "--max-resource-bytes", paramLabel = "BYTES", defaultValue = "268435456",
            description = "refuse nodes whose inputs and output buffers need more bytes in all (default"
                    + " ${DEFAULT-VALUE}, 256 MiB)")
    long maxResourceBytes;

    @Option(names = "--max-elements", paramLabel = "N", defaultValue = "17179869184",
            description = "refuse nodes whose dispatch would read and write more tensor elements (every tensor,"
                    + " updates included; default ${DEFAULT-VALUE}, 2^34)")
    long maxElements;

    @Option(names = "--max-output-bytes", paramLabel = "BYTES", defaultValue = "1073741824",
            description = "refuse nodes whose printed values, --print-desc model or --out file would be larger"
                    + " (default ${DEFAULT-VALUE}, 1 GiB)")
    long maxOutputBytes;

    @Override
    public Integer call() {
        checkOptions();
        Map<FrameworkTensor, NpyInput> inputs = readInputs();
        NpyInput dataTensor = inputs.get(FrameworkTensor.DATA);
        NpyInput indicesTensor = inputs.get(FrameworkTensor.INDICES);
        FrameworkNode node = frontend.frontend().operator().hasUpdates()
                ? FrameworkNode.of(frontend.frontend(), dataTensor.shape(), dataTensor.elementType(),
                        indicesTensor.shape(), indicesTensor.elementType(), inputs.get(FrameworkTensor.UPDATES).shape(),
                        attributes())
                : FrameworkNode.of(frontend.frontend(), dataTensor.shape(), dataTensor.elementType(),
                        indicesTensor.shape(), indicesTensor.elementType(), attributes());
        IndexPolicyOption policy = indexPolicy == null ? IndexPolicyOption.STRICT : indexPolicy;
        PrintWriter stderr = spec.commandLine().getErr();
        EmulatorOptions emulatorOptions = EmulatorOptions.builder().indexPolicy(policy.policy())
                .listener(found -> stderr.println("dmlemu: warning: " + found.describe())).build();
        try (BackendSession session = BackendSession.open(backend, emulatorOptions)) {
            if (!session.isEmulator() && policy == IndexPolicyOption.CLAMP_AXIS) {
                throw CliFailure.unusableInput("--index-policy clamp-axis applies to the emulator only "
                        + "(use --backend emulator)");
            }
            FeatureLevel level = session.featureLevel(Optional.ofNullable(featureLevel));
            if (!json && !printDesc) {
                spec.commandLine().getErr().println(session.describe(level, Optional.of(policy)));
            }
            // The node's shapes and types first, so that an index check never runs on a node with no meaning.
            LoweringResult shapes = node.withIndexSign(IndexSign.NON_NEGATIVE).lower(level, LoweringOptions.defaults());
            if (shapes instanceof Refused refused) {
                return reportRefused(refused, level);
            }
            if (policy == IndexPolicyOption.STRICT) {
                Optional<String> violation = FrameworkIndexCheck.firstViolation(node, indicesTensor.bytes());
                if (violation.isPresent()) {
                    throw CliFailure.unusableInput("--indices " + indices + ": " + violation.get());
                }
            }
            Map<FrameworkTensor, ByteBuffer> buffers = new EnumMap<>(FrameworkTensor.class);
            inputs.forEach((tensor, input) -> buffers.put(tensor, input.bytes()));
            BufferLoweringResult result = node.lowerWithBuffers(level, LoweringOptions.defaults(), buffers);
            if (result instanceof Refused refused) {
                return reportRefused(refused, level);
            }
            LoweredBuffers lowered = (LoweredBuffers) result;
            OnnxBudget budget = new OnnxBudget(maxResourceBytes, maxElements, maxOutputBytes);
            if (printDesc) {
                budget.checkPrintDesc(inputs.values(), inlineValues);
                LoweredModel.ValueForm form = inlineValues ? LoweredModel.ValueForm.INLINE
                        : LoweredModel.ValueForm.FILES;
                spec.commandLine().getOut().print(
                        ModelFiles.write(LoweredModel.of(lowered, inputs, form)));
                spec.commandLine().getOut().flush();
                // A model file holds no level: say which one the desc was lowered for.
                spec.commandLine().getErr().println("lowered at " + level.cName() + " (run or validate it with "
                        + "--feature-level " + level.cName().substring("DML_FEATURE_LEVEL_".length()) + ")");
                return ExitCode.SUCCESS.code();
            }
            long outputElements = 1;
            for (long size : lowered.lowered().outputShape()) {
                outputElements = DispatchWork.saturatingMultiply(outputElements, size);
            }
            budget.checkRun(lowered, inputs.values(), outputElements,
                    out == null ? 0 : lowered.lowered().note(FrameworkTensor.OUTPUT).sourceSizeInBytes());
            ByteBuffer output;
            try (Progress progress = Progress.start(spec.commandLine().getErr(), json)) {
                progress.at("dispatch of the lowered " + frontend.frontend().displayName() + " node");
                output = lowered.execute(session.backend());
            } catch (OperatorExecutionException e) {
                throw CliFailure.unusableInput("dispatch on the " + session.backend().name() + " backend: "
                        + e.getMessage());
            }
            List<Long> outputShape = lowered.lowered().outputShape();
            Optional<String> written = Optional.ofNullable(out).map(path -> write(path, dataTensor, outputShape,
                    output));
            if (json) {
                spec.commandLine().getOut().println(Json.write(toJson(session, level, policy, lowered, dataTensor,
                        output, written)));
            } else {
                printText(dataTensor, outputShape, output);
                written.ifPresent(path -> spec.commandLine().getErr().println("wrote " + path));
            }
            return ExitCode.SUCCESS.code();
        }
    }

    /** The node's inputs read from their options: data and indices, and the updates of a scatter. */
    private Map<FrameworkTensor, NpyInput> readInputs() {
        Map<FrameworkTensor, NpyInput> inputs = new EnumMap<>(FrameworkTensor.class);
        inputs.put(FrameworkTensor.DATA, NpyInput.read("--data", data));
        inputs.put(FrameworkTensor.INDICES, NpyInput.read("--indices", indices));
        if (updates != null) {
            NpyInput updatesTensor = NpyInput.read("--updates", updates);
            ElementType dataType = inputs.get(FrameworkTensor.DATA).elementType();
            if (updatesTensor.elementType() != dataType) {
                throw CliFailure.unusableInput("--updates " + updates + ": updates of type "
                        + updatesTensor.elementType() + " must have the data's type " + dataType + " ("
                        + frontend.frontend().displayName() + "'s type constraint T)");
            }
            inputs.put(FrameworkTensor.UPDATES, updatesTensor);
        }
        return inputs;
    }

    private void checkOptions() {
        if (printDesc && (json || out != null)) {
            throw CliFailure.unusableInput("--print-desc prints the model file instead of running it; it does not"
                    + " combine with " + (json ? "--json" : "--out"));
        }
        if (inlineValues && !printDesc) {
            throw CliFailure.unusableInput("--inline-values needs --print-desc");
        }
        if (frontend.frontend().requiresAxis() && axis == null) {
            throw CliFailure.unusableInput("--axis is required with --frontend " + frontend + " ("
                    + frontend.frontend().displayName() + " has no default axis)");
        }
        boolean scatter = frontend.frontend().operator().hasUpdates();
        if (scatter && updates == null) {
            throw CliFailure.unusableInput("--updates is required with --frontend " + frontend + " ("
                    + frontend.frontend().displayName() + " writes the updates into a copy of the data)");
        }
        if (!scatter && updates != null) {
            throw CliFailure.unusableInput("--updates does not apply to --frontend " + frontend + ": "
                    + frontend.frontend().displayName() + " has no updates input");
        }
        for (NodeAttribute given : attributes().given()) {
            if (!frontend.frontend().attributes().contains(given)) {
                throw CliFailure.unusableInput(ATTRIBUTE_OPTIONS.get(given) + " does not apply to --frontend "
                        + frontend + ": " + frontend.frontend().displayName() + " has no " + given.onnxName()
                        + " attribute");
            }
        }
    }

    /** The attributes given on the command line. */
    private NodeAttributes attributes() {
        return new NodeAttributes(axis == null ? OptionalLong.empty() : OptionalLong.of(axis),
                batchDims == null ? OptionalLong.empty() : OptionalLong.of(batchDims), reduction());
    }

    /** {@code --reduction}, spelled as ONNX spells it; any other spelling is a usage error. */
    private Optional<Reduction> reduction() {
        if (reduction == null) {
            return Optional.empty();
        }
        return Optional.of(Reduction.fromOnnxName(reduction.toLowerCase(Locale.ROOT)).orElseThrow(
                () -> CliFailure.unusableInput("--reduction " + reduction + ": expected none, add, mul, max or min")));
    }

    /** Exit 1: the refusal names the rule and, when raising the level is the fix, the level that accepts it. */
    private int reportRefused(Refused refused, FeatureLevel level) {
        if (json) {
            ObjectNode root = Json.object();
            root.put("lowered", false);
            root.put("featureLevel", level.cName());
            root.put("rule", refused.rule().name());
            root.put("message", refused.message());
            refused.acceptingLevel().ifPresentOrElse(l -> root.put("acceptedFrom", l.cName()),
                    () -> root.putNull("acceptedFrom"));
            spec.commandLine().getOut().println(Json.write(root));
        } else {
            spec.commandLine().getErr().println("dmlemu: refused at " + level.cName() + ": " + refused.message());
        }
        return ExitCode.INVALID_OPERATOR.code();
    }

    /** {@code Output: 4, 8, 3, 7, 2, 3} (DxDispatch's print form, row-major), then the shape and element type. */
    private void printText(NpyInput dataTensor, List<Long> outputShape, ByteBuffer output) {
        StringBuilder line = new StringBuilder("Output: ");
        long count = elementCount(dataTensor, output);
        for (long i = 0; i < count; i++) {
            line.append(i == 0 ? "" : ", ").append(ElementValues.printText(dataTensor.dataType(), output, i));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println(line);
        stdout.println("Shape: " + outputShape + ", type: " + dataTensor.elementType());
    }

    /** The framework output's element count: its bytes (packed, the data's type) over the element size. */
    private static long elementCount(NpyInput dataTensor, ByteBuffer output) {
        return output.remaining() / dataTensor.dataType().sizeInBytes();
    }

    /** Writes the output atomically (a temporary file renamed over the target, never through a link). */
    private static String write(Path target, NpyInput dataTensor, List<Long> outputShape, ByteBuffer output) {
        Path name = target.getFileName();
        if (name == null || !name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".npy")) {
            throw CliFailure.unusableInput("--out " + target + ": dmlemu writes .npy files only");
        }
        // The user named this path on the command line: it may be anywhere, but is never written through a link.
        OutputFolder folder = new OutputFolder(Path.of(""), false);
        try {
            folder.write(target.toString(), channel -> NpyFile.write(channel, dataTensor.canonicalDescr(),
                    outputShape, output.duplicate()));
        } catch (OutputFolder.Refused e) {
            throw CliFailure.unusableInput("--out " + target + ": " + e.getMessage());
        } catch (IOException e) {
            throw CliFailure.unusableInput("--out: cannot write " + target + ": " + e.getMessage());
        }
        return target.toString();
    }

    /** {@code run --json}'s shape (backend, featureLevel, indexPolicy, resources, timings, files) plus the lowering. */
    private static ObjectNode toJson(BackendSession session, FeatureLevel level, IndexPolicyOption policy,
            LoweredBuffers lowered, NpyInput dataTensor, ByteBuffer output, Optional<String> written) {
        ObjectNode root = Json.object();
        root.put("backend", session.backend().name());
        session.fallbackReason().ifPresent(reason -> root.put("directmlUnavailable", reason));
        root.put("featureLevel", level.cName());
        root.put("indexPolicy", policy.toString());
        ObjectNode resource = root.putObject("resources").putObject(LoweredModel.OUTPUT);
        resource.put("dataType", dataTensor.dataType().name());
        resource.put("elementType", dataTensor.elementType().onnxName());
        ArrayNode values = resource.putArray("values");
        for (long i = 0; i < elementCount(dataTensor, output); i++) {
            Json.addElement(values, dataTensor.dataType(), output, i);
        }
        root.putObject("timings");
        ArrayNode files = root.putArray("files");
        written.ifPresent(files::add);
        ArrayNode shape = root.putArray("shape");
        lowered.lowered().outputShape().forEach(shape::add);
        root.putRawValue("desc", descJson(lowered));
        ArrayNode notes = root.putArray("bindingNotes");
        lowered.lowered().notes().stream().map(BindingNote::text).forEach(notes::add);
        return root;
    }

    /** The lowered desc exactly as a model file holds it: {@code dispatchables.gather.desc}. */
    private static RawValue descJson(LoweredBuffers lowered) {
        return new RawValue(ModelFiles.writeDesc(lowered.lowered().desc()));
    }
}

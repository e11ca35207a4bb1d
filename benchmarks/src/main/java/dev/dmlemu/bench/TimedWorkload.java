package dev.dmlemu.bench;

import ai.onnxruntime.OrtException;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.ModelFiles;
import dev.dmlemu.model.NpyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A workload as {@link CommandLineTiming} needs it: a model folder for the command line (DxDispatch JSON reading
 * {@code input.npy}, {@code indices.npy} and, for a scatter, {@code updates.npy}, writing {@code output.npy}) and ONNX
 * Runtime's session on the same data.
 */
interface TimedWorkload {

    String name();

    void writeModel(Path folder) throws IOException;

    OrtNode ort(int threads) throws OrtException;

    /** The bytes of every resource of the model: input, indices, updates if any, and output. */
    long resourceBytes();

    /**
     * A workload by name: GatherElements ({@link Workload}), Gather ({@link GatherWorkload}), GatherND
     * ({@link GatherNdWorkload}), ScatterElements ({@link ScatterElementsWorkload}) or one of
     * {@link KernelWorkloads}.
     */
    static TimedWorkload named(String name) {
        Optional<OperatorWorkload> kernel = KernelWorkloads.named(name, KernelWorkloads.Size.BENCHMARK);
        if (kernel.isPresent()) {
            return new Kernel(kernel.get());
        }
        if (GatherWorkload.NAMES.contains(name)) {
            return new Gather(GatherWorkload.named(name));
        }
        if (GatherNdWorkload.NAMES.contains(name)) {
            return new GatherNd(GatherNdWorkload.named(name));
        }
        if (ScatterElementsWorkload.NAMES.contains(name)) {
            return new ScatterElements(ScatterElementsWorkload.named(name));
        }
        Workload w = Workload.named(name);
        if (w.dataStrides() != null) {
            throw new IllegalArgumentException(name + " has a strided input; the command-line timing takes packed"
                    + " workloads");
        }
        return new Elements(w.values());
    }

    /** The model file: one dispatchable of {@code type} with {@code desc}, InputTensor X and IndicesTensor I. */
    static void write(Path folder, TensorDataType data, TensorDataType index, long outputCount, String type,
            String desc) throws IOException {
        write(folder, type, desc, List.of(new NpyInput("X", "InputTensor", data, "input.npy"),
                new NpyInput("I", "IndicesTensor", index, "indices.npy")), data, outputCount);
    }

    /**
     * A resource that the model reads from an {@code .npy} file of the folder and binds to one of the desc's tensors.
     *
     * @param resource the resource's name in the model
     * @param field the desc's tensor field it is bound to
     */
    record NpyInput(String resource, String field, TensorDataType type, String file) {}

    /**
     * The model file: one dispatchable of {@code type} with {@code desc}, its inputs bound to {@code .npy} resources
     * and its OutputTensor to Y, a resource of {@code outputCount} zeros written to {@code output.npy} after the
     * dispatch.
     */
    static void write(Path folder, String type, String desc, List<NpyInput> inputs, TensorDataType outputType,
            long outputCount) throws IOException {
        StringBuilder resources = new StringBuilder();
        StringBuilder bindings = new StringBuilder();
        for (NpyInput input : inputs) {
            resources.append("""
                        "%s": { "initialValuesDataType": "%s", "initialValues": { "sourcePath": "%s" } },
                    """.formatted(input.resource(), input.type().name(), input.file()));
            bindings.append("\"%s\": \"%s\", ".formatted(input.field(), input.resource()));
        }
        String model = """
                {
                  "resources": {
                %1$s    "Y": { "initialValuesDataType": "%2$s", "initialValues": { "valueCount": %3$d, "value": 0 } }
                  },
                  "dispatchables": {
                    "op": { "type": "%4$s", "desc": %5$s }
                  },
                  "commands": [
                    { "type": "dispatch", "dispatchable": "op",
                      "bindings": { %6$s"OutputTensor": "Y" } },
                    { "type": "writeFile", "resource": "Y", "targetPath": "output.npy" }
                  ]
                }
                """.formatted(resources, outputType.name(), outputCount, type, desc, bindings);
        Files.writeString(folder.resolve("model.json"), model, StandardCharsets.UTF_8);
    }

    static List<Long> boxed(long[] shape) {
        return Arrays.stream(shape).boxed().toList();
    }

    /** {@code input.npy} (float32) and {@code indices.npy} (int64): what every model but GatherElements' reads. */
    static void writeFloatDataInt64Indices(Path folder, long[] dataShape, ByteBuffer data, long[] indexShape,
            ByteBuffer indices) throws IOException {
        NpyFile.write(folder.resolve("input.npy"), TensorDataType.FLOAT32, boxed(dataShape), data);
        NpyFile.write(folder.resolve("indices.npy"), TensorDataType.INT64, boxed(indexShape), indices);
    }

    /** ONNX Runtime's float32 {@code data} and int64 {@code indices} inputs, on direct buffers already filled. */
    static List<OrtNode.Input> floatDataInt64Indices(ByteBuffer data, long[] dataShape, ByteBuffer indices,
            long[] indexShape) {
        return List.of(OrtNode.Input.values("data", data, dataShape, 4),
                OrtNode.Input.indices("indices", indices, indexShape, 8));
    }

    /** GatherElements on {@link Workload}'s data. */
    record Elements(Workload.Values values) implements TimedWorkload {

        @Override
        public String name() {
            return values.workload().name();
        }

        @Override
        public void writeModel(Path folder) throws IOException {
            Workload w = values.workload();
            int es = w.elementSize();
            NpyFile.write(folder.resolve("input.npy"), w.dataType(), boxed(w.data()),
                    values.packedData(Workload.Values.heap((long) w.dataCount() * es)));
            NpyFile.write(folder.resolve("indices.npy"), w.indexType(), boxed(w.indices()),
                    values.indices(Workload.Values.heap((long) w.indexCount() * w.indexType().sizeInBytes())));
            String desc = """
                    {
                      "InputTensor": { "DataType": "%1$s", "Sizes": %3$s },
                      "IndicesTensor": { "DataType": "%2$s", "Sizes": %4$s },
                      "OutputTensor": { "DataType": "%1$s", "Sizes": %4$s },
                      "Axis": %5$d
                    }""".formatted(w.dataType().name(), w.indexType().name(), boxed(w.data()), boxed(w.indices()),
                    w.axis());
            write(folder, w.dataType(), w.indexType(), w.indexCount(), "GATHER_ELEMENTS", desc);
        }

        @Override
        public OrtNode ort(int threads) throws OrtException {
            return OrtNode.gatherElements(values, threads);
        }

        @Override
        public long resourceBytes() {
            Workload w = values.workload();
            return (long) w.dataCount() * w.elementSize() + (long) w.indexCount() * w.indexType().sizeInBytes()
                    + (long) w.indexCount() * w.elementSize();
        }
    }

    /** DML_GATHER on {@link GatherWorkload}'s data, lowered as the benchmark lowers it. */
    record Gather(GatherWorkload workload) implements TimedWorkload {

        @Override
        public String name() {
            return workload.name();
        }

        @Override
        public void writeModel(Path folder) throws IOException {
            GatherWorkload w = workload;
            writeFloatDataInt64Indices(folder, w.dmlInput(),
                    w.data(Workload.Values.heap(GatherWorkload.count(w.data()) * 4)), w.dmlIndices(),
                    w.indices(Workload.Values.heap(GatherWorkload.count(w.indices()) * 8)));
            GatherOperatorDesc desc = w.desc();
            String json = """
                    {
                      "InputTensor": { "DataType": "FLOAT32", "Sizes": %1$s },
                      "IndicesTensor": { "DataType": "INT64", "Sizes": %2$s },
                      "OutputTensor": { "DataType": "FLOAT32", "Sizes": %3$s },
                      "Axis": %4$d,
                      "IndexDimensions": %5$d
                    }""".formatted(boxed(w.dmlInput()), boxed(w.dmlIndices()),
                    ((BufferTensorDesc) desc.outputTensor()).sizes(), desc.axis(),
                    desc.indexDimensions());
            write(folder, TensorDataType.FLOAT32, TensorDataType.INT64, GatherWorkload.count(w.output()), "GATHER",
                    json);
        }

        @Override
        public long resourceBytes() {
            GatherWorkload w = workload;
            return GatherWorkload.count(w.data()) * 4 + GatherWorkload.count(w.indices()) * 8
                    + GatherWorkload.count(w.output()) * 4;
        }

        @Override
        public OrtNode ort(int threads) throws OrtException {
            GatherWorkload w = workload;
            long dataBytes = GatherWorkload.count(w.data()) * 4;
            long indexBytes = GatherWorkload.count(w.indices()) * 8;
            return new OrtNode(OnnxModelBytes.gather(w.data(), w.indices(), w.output(), OnnxModelBytes.INT64,
                    w.axis(), OnnxModelBytes.FLOAT), floatDataInt64Indices(w.data(OrtNode.direct(dataBytes)), w.data(),
                            w.indices(OrtNode.direct(indexBytes)), w.indices()),
                    w.output(), 4, threads);
        }
    }

    /** DML_GATHER_ND on {@link GatherNdWorkload}'s data, laid out as the GatherND front door lays it out. */
    record GatherNd(GatherNdWorkload workload) implements TimedWorkload {

        @Override
        public String name() {
            return workload.name();
        }

        @Override
        public void writeModel(Path folder) throws IOException {
            GatherNdWorkload w = workload;
            writeFloatDataInt64Indices(folder, w.padded(w.data()), w.data(Workload.Values.heap(w.dataBytes())),
                    w.padded(w.indices()), w.indices(Workload.Values.heap(w.indexBytes())));
            GatherNdOperatorDesc desc = w.desc();
            String json = """
                    {
                      "InputTensor": { "DataType": "FLOAT32", "Sizes": %1$s },
                      "IndicesTensor": { "DataType": "INT64", "Sizes": %2$s },
                      "OutputTensor": { "DataType": "FLOAT32", "Sizes": %3$s },
                      "InputDimensionCount": %4$d,
                      "IndicesDimensionCount": %5$d
                    }""".formatted(((BufferTensorDesc) desc.inputTensor()).sizes(),
                    ((BufferTensorDesc) desc.indicesTensor()).sizes(), ((BufferTensorDesc) desc.outputTensor()).sizes(),
                    desc.inputDimensionCount(), desc.indicesDimensionCount());
            write(folder, TensorDataType.FLOAT32, TensorDataType.INT64, GatherWorkload.count(w.output()),
                    "GATHER_ND", json);
        }

        @Override
        public long resourceBytes() {
            GatherNdWorkload w = workload;
            return Math.addExact(Math.addExact(w.dataBytes(), w.indexBytes()), w.outputBytes());
        }

        @Override
        public OrtNode ort(int threads) throws OrtException {
            GatherNdWorkload w = workload;
            return new OrtNode(OnnxModelBytes.gatherNd(w.data(), w.indices(), w.output(), OnnxModelBytes.INT64,
                    OnnxModelBytes.FLOAT), floatDataInt64Indices(w.data(OrtNode.direct(w.dataBytes())), w.data(),
                            w.indices(OrtNode.direct(w.indexBytes())), w.indices()),
                    w.output(), 4, threads);
        }
    }

    /** DML_SCATTER_ELEMENTS on {@link ScatterElementsWorkload}'s data: four tensors of rank 2, Axis 0. */
    record ScatterElements(ScatterElementsWorkload workload) implements TimedWorkload {

        @Override
        public String name() {
            return workload.name();
        }

        @Override
        public void writeModel(Path folder) throws IOException {
            ScatterElementsWorkload w = workload;
            writeFloatDataInt64Indices(folder, w.data(), w.data(Workload.Values.heap(w.dataBytes())), w.indices(),
                    w.indices(Workload.Values.heap(w.indexBytes())));
            NpyFile.write(folder.resolve("updates.npy"), TensorDataType.FLOAT32, boxed(w.indices()),
                    w.updates(Workload.Values.heap(w.updateBytes())));
            ScatterElementsOperatorDesc desc = w.desc();
            String json = """
                    {
                      "InputTensor": { "DataType": "FLOAT32", "Sizes": %1$s },
                      "IndicesTensor": { "DataType": "INT64", "Sizes": %2$s },
                      "UpdatesTensor": { "DataType": "FLOAT32", "Sizes": %2$s },
                      "OutputTensor": { "DataType": "FLOAT32", "Sizes": %1$s },
                      "Axis": %3$d
                    }""".formatted(boxed(w.data()), boxed(w.indices()), desc.axis());
            write(folder, "SCATTER_ELEMENTS", json, List.of(
                    new NpyInput("X", "InputTensor", TensorDataType.FLOAT32, "input.npy"),
                    new NpyInput("I", "IndicesTensor", TensorDataType.INT64, "indices.npy"),
                    new NpyInput("U", "UpdatesTensor", TensorDataType.FLOAT32, "updates.npy")),
                    TensorDataType.FLOAT32, GatherWorkload.count(w.data()));
        }

        @Override
        public long resourceBytes() {
            ScatterElementsWorkload w = workload;
            return Math.addExact(Math.addExact(Math.multiplyExact(w.dataBytes(), 2), w.indexBytes()),
                    w.updateBytes());
        }

        @Override
        public OrtNode ort(int threads) throws OrtException {
            ScatterElementsWorkload w = workload;
            return new OrtNode(OnnxModelBytes.scatterElements(w.data(), w.indices(), OnnxModelBytes.INT64,
                    w.desc().axis(), OnnxModelBytes.FLOAT), Stream.concat(
                            floatDataInt64Indices(w.data(OrtNode.direct(w.dataBytes())), w.data(),
                                    w.indices(OrtNode.direct(w.indexBytes())), w.indices()).stream(),
                            Stream.of(OrtNode.Input.values("updates", w.updates(OrtNode.direct(w.updateBytes())),
                                    w.indices(), 4))).toList(),
                    w.data(), 4, threads);
        }
    }

    /**
     * A {@link KernelWorkloads} workload: each input in {@code <onnx name>.npy}, bound to its desc field (a tensor
     * array's inputs as a list), the first output written to {@code output.npy} and any further one to
     * {@code output<i>.npy}.
     */
    record Kernel(OperatorWorkload workload) implements TimedWorkload {

        @Override
        public String name() {
            return workload.name();
        }

        @Override
        public void writeModel(Path folder) throws IOException {
            List<String> resources = new ArrayList<>();
            Map<String, List<String>> bindings = new LinkedHashMap<>();
            List<String> commands = new ArrayList<>();
            for (Operand input : workload.inputs()) {
                String file = input.onnxName() + ".npy";
                NpyFile.write(folder.resolve(file), input.type(), boxed(input.shape()),
                        input.values().fill(Workload.Values.heap(input.bytes())));
                resources.add(("\"%s\": { \"initialValuesDataType\": \"%s\","
                        + " \"initialValues\": { \"sourcePath\": \"%s\" } }")
                        .formatted(input.onnxName(), input.type().name(), file));
                bindings.computeIfAbsent(input.field(), f -> new ArrayList<>()).add(quoted(input.onnxName()));
            }
            commands.add(null); // the dispatch, once every binding is known
            for (int i = 0; i < workload.outputs().size(); i++) {
                Operand output = workload.outputs().get(i);
                resources.add(("\"%s\": { \"initialValuesDataType\": \"%s\","
                        + " \"initialValues\": { \"valueCount\": %d, \"value\": 0 } }")
                        .formatted(output.onnxName(), output.type().name(), output.elementCount()));
                bindings.put(output.field(), List.of(quoted(output.onnxName())));
                commands.add("{ \"type\": \"writeFile\", \"resource\": \"%s\", \"targetPath\": \"output%s.npy\" }"
                        .formatted(output.onnxName(), i == 0 ? "" : Integer.toString(i)));
            }
            // A field bound to several resources is a tensor array (JOIN's InputTensors): a list.
            String bound = bindings.entrySet().stream().map(e -> quoted(e.getKey()) + ": " + (e.getValue().size() == 1
                    ? e.getValue().get(0) : "[" + String.join(", ", e.getValue()) + "]"))
                    .collect(Collectors.joining(", "));
            commands.set(0, "{ \"type\": \"dispatch\", \"dispatchable\": \"op\", \"bindings\": { %s } }"
                    .formatted(bound));
            String model = """
                    {
                      "resources": {
                        %1$s
                      },
                      "dispatchables": {
                        "op": { "type": "%2$s", "desc": %3$s }
                      },
                      "commands": [
                        %4$s
                      ]
                    }
                    """.formatted(String.join(",\n    ", resources), workload.desc().operatorType().name(),
                    ModelFiles.writeDesc(workload.desc()), String.join(",\n    ", commands));
            Files.writeString(folder.resolve("model.json"), model, StandardCharsets.UTF_8);
        }

        private static String quoted(String name) {
            return "\"" + name + "\"";
        }

        @Override
        public OrtNode ort(int threads) throws OrtException {
            return WorkloadRun.ort(workload, threads);
        }

        @Override
        public long resourceBytes() {
            return workload.tensorBytes();
        }
    }
}

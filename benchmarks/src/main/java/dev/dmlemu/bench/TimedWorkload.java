package dev.dmlemu.bench;

import ai.onnxruntime.OrtException;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A workload as {@link CommandLineTiming} needs it: a model folder for the command line (DxDispatch JSON reading
 * {@code input.npy} and {@code indices.npy}, writing {@code output.npy}) and ONNX Runtime's session on the same
 * data.
 */
interface TimedWorkload {

    String name();

    void writeModel(Path folder) throws IOException;

    OrtNode ort(int threads) throws OrtException;

    /** The bytes of every resource of the model: input, indices and output. */
    long resourceBytes();

    /** A GatherElements workload ({@link Workload}) or a Gather one ({@link GatherWorkload}) by name. */
    static TimedWorkload named(String name) {
        if (GatherWorkload.NAMES.contains(name)) {
            return new Gather(GatherWorkload.named(name));
        }
        Workload w = Workload.named(name);
        if (w.dataStrides() != null) {
            throw new IllegalArgumentException(name + " has a strided input; the command-line timing takes packed"
                    + " workloads");
        }
        return new Elements(w.values());
    }

    /** The model file: one dispatchable of {@code type} with {@code desc}, bound to X, I and Y. */
    static void write(Path folder, TensorDataType data, TensorDataType index, long outputCount, String type,
            String desc) throws IOException {
        String model = """
                {
                  "resources": {
                    "X": { "initialValuesDataType": "%1$s", "initialValues": { "sourcePath": "input.npy" } },
                    "I": { "initialValuesDataType": "%2$s", "initialValues": { "sourcePath": "indices.npy" } },
                    "Y": { "initialValuesDataType": "%1$s", "initialValues": { "valueCount": %3$d, "value": 0 } }
                  },
                  "dispatchables": {
                    "gather": { "type": "%4$s", "desc": %5$s }
                  },
                  "commands": [
                    { "type": "dispatch", "dispatchable": "gather",
                      "bindings": { "InputTensor": "X", "IndicesTensor": "I", "OutputTensor": "Y" } },
                    { "type": "writeFile", "resource": "Y", "targetPath": "output.npy" }
                  ]
                }
                """.formatted(data.name(), index.name(), outputCount, type, desc);
        Files.writeString(folder.resolve("model.json"), model, StandardCharsets.UTF_8);
    }

    static List<Long> boxed(long[] shape) {
        return Arrays.stream(shape).boxed().toList();
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
            NpyFile.write(folder.resolve("input.npy"), TensorDataType.FLOAT32, boxed(w.dmlInput()),
                    w.data(Workload.Values.heap(GatherWorkload.count(w.data()) * 4)));
            NpyFile.write(folder.resolve("indices.npy"), TensorDataType.INT64, boxed(w.dmlIndices()),
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
                    w.axis(), OnnxModelBytes.FLOAT), w.data(OrtNode.direct(dataBytes)), w.data(), 4,
                    w.indices(OrtNode.direct(indexBytes)), w.indices(), 8, w.output(), threads);
        }
    }
}

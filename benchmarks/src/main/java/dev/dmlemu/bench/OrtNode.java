package dev.dmlemu.bench;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ONNX Runtime's CPU session for a one-node model whose graph inputs are named as its {@link Input}s and whose output
 * is {@code y}, or whose outputs are named as its {@link Output}s ({@link OnnxModelBytes}): direct native-order
 * inputs (no copy) and pinned outputs, so nothing is allocated per call. {@code intra_op_num_threads} is the thread
 * count and {@code inter_op_num_threads} 1. ONNX Runtime has no strides, so a strided or broadcast workload runs the
 * same logical gather on packed data.
 */
final class OrtNode implements AutoCloseable {

    private final OrtSession session;
    private final Map<String, OnnxTensor> inputs;
    private final Map<String, OnnxTensor> outputs;
    private final List<ByteBuffer> outputBuffers;

    /**
     * One graph input, wrapped without a copy.
     *
     * @param bytes the values, packed, native order, direct
     */
    record Input(String name, ByteBuffer bytes, long[] shape, OnnxJavaType type) {

        /** Floating-point values of {@code elementSize} bytes (2, 4 or 8: float16, float, double). */
        static Input values(String name, ByteBuffer bytes, long[] shape, int elementSize) {
            return new Input(name, bytes, shape, valueType(elementSize));
        }

        /** Integer indices of {@code indexSize} bytes (4 or 8: int32, int64). */
        static Input indices(String name, ByteBuffer bytes, long[] shape, int indexSize) {
            return new Input(name, bytes, shape, indexSize == 8 ? OnnxJavaType.INT64 : OnnxJavaType.INT32);
        }
    }

    /** GatherElements on a {@link Workload}. */
    static OrtNode gatherElements(Workload.Values values, int threads) throws OrtException {
        Workload w = values.workload();
        int es = w.elementSize();
        int indexSize = w.indexType().sizeInBytes();
        byte[] model = OnnxModelBytes.gatherElements(w.data(), w.indices(),
                indexSize == 8 ? OnnxModelBytes.INT64 : OnnxModelBytes.INT32, w.axis(), OnnxModelBytes.typeOf(es));
        ByteBuffer data = values.packedData(direct((long) w.dataCount() * es));
        ByteBuffer indices = values.indices(direct((long) w.indexCount() * indexSize));
        return new OrtNode(model, List.of(Input.values("data", data, w.data(), es),
                Input.indices("indices", indices, w.indices(), indexSize)), w.indices(), es, threads);
    }

    /**
     * @param inputs the graph's inputs, by the names the model gives them
     * @param outputShape the shape of {@code y}
     * @param elementSize the output's element size: 2, 4 or 8 (float16, float, double)
     */
    OrtNode(byte[] model, List<Input> inputs, long[] outputShape, int elementSize, int threads) throws OrtException {
        this(model, inputs, List.of(new Output("y", outputShape, valueType(elementSize), elementSize)), threads);
    }

    /**
     * One graph output, pinned to a direct buffer this node allocates.
     *
     * @param elementSize the size of one element of {@code type} in bytes
     */
    record Output(String name, long[] shape, OnnxJavaType type, int elementSize) {}

    /**
     * @param inputs the graph's inputs, by the names the model gives them
     * @param outputs the graph's outputs, in the model's order
     */
    OrtNode(byte[] model, List<Input> inputs, List<Output> outputs, int threads) throws OrtException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            session = environment.createSession(model, options);
        }
        Map<String, OnnxTensor> tensors = new LinkedHashMap<>();
        for (Input input : inputs) {
            tensors.put(input.name(), OnnxTensor.createTensor(environment, input.bytes(), input.shape(),
                    input.type()));
        }
        this.inputs = Collections.unmodifiableMap(tensors);
        Map<String, OnnxTensor> pinned = new LinkedHashMap<>();
        List<ByteBuffer> buffers = new ArrayList<>();
        for (Output o : outputs) {
            long count = 1;
            for (long d : o.shape()) {
                count = Math.multiplyExact(count, d);
            }
            ByteBuffer buffer = direct(Math.multiplyExact(count, o.elementSize()));
            buffers.add(buffer);
            pinned.put(o.name(), OnnxTensor.createTensor(environment, buffer, o.shape(), o.type()));
        }
        this.outputs = Collections.unmodifiableMap(pinned);
        this.outputBuffers = List.copyOf(buffers);
    }

    private static OnnxJavaType valueType(int elementSize) {
        return switch (elementSize) {
            case 2 -> OnnxJavaType.FLOAT16;
            case 8 -> OnnxJavaType.DOUBLE;
            default -> OnnxJavaType.FLOAT;
        };
    }

    static ByteBuffer direct(long bytes) {
        return ByteBuffer.allocateDirect(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder());
    }

    void run() throws OrtException {
        try (OrtSession.Result result = session.run(inputs, outputs)) {
            // The output lands in the pinned buffer; closing the result releases nothing we own.
        }
    }

    /** The output bytes (native order, which is little-endian on every platform ONNX Runtime's Java API ships for). */
    ByteBuffer output() {
        return outputBuffers.get(0);
    }

    /** The bytes of the graph's output {@code index}, in the order the node was given them. */
    ByteBuffer output(int index) {
        return outputBuffers.get(index);
    }

    @Override
    public void close() throws OrtException {
        for (OnnxTensor tensor : inputs.values()) {
            tensor.close();
        }
        for (OnnxTensor tensor : outputs.values()) {
            tensor.close();
        }
        session.close();
    }
}

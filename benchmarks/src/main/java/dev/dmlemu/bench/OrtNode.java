package dev.dmlemu.bench;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

/**
 * ONNX Runtime's CPU session for a one-node model with inputs {@code data} and {@code indices} and output {@code y}
 * ({@link OnnxModelBytes}): direct native-order inputs (no copy) and a pinned output, so nothing is allocated per
 * call. {@code intra_op_num_threads} is the thread count and {@code inter_op_num_threads} 1. ONNX Runtime has no
 * strides, so a strided or broadcast workload runs the same logical gather on packed data.
 */
final class OrtNode implements AutoCloseable {

    private final OrtSession session;
    private final Map<String, OnnxTensor> inputs;
    private final Map<String, OnnxTensor> outputs;
    private final ByteBuffer output;

    /** GatherElements on a {@link Workload}. */
    static OrtNode gatherElements(Workload.Values values, int threads) throws OrtException {
        Workload w = values.workload();
        int es = w.elementSize();
        int indexSize = w.indexType().sizeInBytes();
        byte[] model = OnnxModelBytes.gatherElements(w.data(), w.indices(),
                indexSize == 8 ? OnnxModelBytes.INT64 : OnnxModelBytes.INT32, w.axis(), OnnxModelBytes.typeOf(es));
        ByteBuffer data = values.packedData(direct((long) w.dataCount() * es));
        ByteBuffer indices = values.indices(direct((long) w.indexCount() * indexSize));
        return new OrtNode(model, data, w.data(), es, indices, w.indices(), indexSize, w.indices(), threads);
    }

    /**
     * @param data the data, packed, native order, direct
     * @param elementSize 2, 4 or 8 (float16, float, double)
     * @param indices the indices, packed, native order, direct
     * @param indexSize 4 or 8 (int32, int64)
     */
    OrtNode(byte[] model, ByteBuffer data, long[] dataShape, int elementSize, ByteBuffer indices,
            long[] indicesShape, int indexSize, long[] outputShape, int threads) throws OrtException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        OnnxJavaType type = switch (elementSize) {
            case 2 -> OnnxJavaType.FLOAT16;
            case 8 -> OnnxJavaType.DOUBLE;
            default -> OnnxJavaType.FLOAT;
        };
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            session = environment.createSession(model, options);
        }
        long outputCount = 1;
        for (long d : outputShape) {
            outputCount = Math.multiplyExact(outputCount, d);
        }
        output = direct(Math.multiplyExact(outputCount, elementSize));
        inputs = Map.of(
                "data", OnnxTensor.createTensor(environment, data, dataShape, type),
                "indices", indexSize == 8
                        ? OnnxTensor.createTensor(environment, indices.asLongBuffer(), indicesShape)
                        : OnnxTensor.createTensor(environment, indices.asIntBuffer(), indicesShape));
        outputs = Map.of("y", OnnxTensor.createTensor(environment, output, outputShape, type));
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
        return output;
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

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
 * ONNX Runtime's CPU GatherElements on one workload: a one-node opset-13 model (protobuf-encoded by hand in
 * {@link OnnxModelBytes}), direct native-order inputs (no copy) and a pinned output, so nothing is allocated per
 * call. {@code intra_op_num_threads} is the thread count and {@code inter_op_num_threads} 1. ONNX Runtime has no
 * strides, so a strided or broadcast workload runs the same logical gather on packed data.
 */
final class OrtGatherElements implements AutoCloseable {

    private final OrtSession session;
    private final Map<String, OnnxTensor> inputs;
    private final Map<String, OnnxTensor> outputs;
    private final ByteBuffer output;

    OrtGatherElements(Workload.Values values, int threads) throws OrtException {
        Workload w = values.workload();
        int es = w.elementSize();
        int indexSize = w.indexType().sizeInBytes();
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        OnnxJavaType type = switch (es) {
            case 2 -> OnnxJavaType.FLOAT16;
            case 8 -> OnnxJavaType.DOUBLE;
            default -> OnnxJavaType.FLOAT;
        };
        byte[] model = OnnxModelBytes.gatherElements(w.data(), w.indices(),
                indexSize == 8 ? OnnxModelBytes.INT64 : OnnxModelBytes.INT32, w.axis(), OnnxModelBytes.typeOf(es));
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            session = environment.createSession(model, options);
        }
        ByteBuffer data = values.packedData(direct((long) w.dataCount() * es));
        ByteBuffer indices = values.indices(direct((long) w.indexCount() * indexSize));
        output = direct((long) w.indexCount() * es);
        inputs = Map.of(
                "data", OnnxTensor.createTensor(environment, data, w.data(), type),
                "indices", indexSize == 8
                        ? OnnxTensor.createTensor(environment, indices.asLongBuffer(), w.indices())
                        : OnnxTensor.createTensor(environment, indices.asIntBuffer(), w.indices()));
        outputs = Map.of("y", OnnxTensor.createTensor(environment, output, w.indices(), type));
    }

    private static ByteBuffer direct(long bytes) {
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

package dev.dmlemu.bench;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The emulator against ONNX Runtime's CPU GatherElements (Java API, one-node opset-13 model, pinned output so
 * neither side allocates per call), in the same run, on float32 data with random valid indices.
 *
 * <ul>
 *   <li>W1: 4096x4096, axis 0, INT32 indices; W2: the same on axis 1; W3: data 64x512x512, indices 64x256x512,
 *       axis 1; W4: W2 with INT64 indices; W5: 2x3 on axis 1 (per-call overhead).
 *   <li>STRIDED: W1 with the input a transposed view (strides {1, 4096}); BROADCAST: W2 with a broadcast input row
 *       (strides {0, 1}). ONNX Runtime has no strides, so it runs the same logical gather on packed data.
 *   <li>W2_F16, W2_F64: W2 with float16 and float64 data (2- and 8-byte elements); W1_F16, W1_F64: the same for
 *       W1 (the tiled order).
 * </ul>
 *
 * <p>Data elements hold their own offset as raw bits (truncated to the element size), so every element is distinct
 * up to 2^16 for float16 and the comparison of the two outputs is bit for bit.
 *
 * Run: {@code java -jar benchmarks/target/benchmarks.jar GatherElements -f 1 -wi 3 -i 5}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class GatherElementsBenchmark {

    @Param({"W1", "W2", "W3", "W4", "W5", "STRIDED", "BROADCAST", "W2_F16", "W2_F64", "W1_F16",
        "W1_F64"})
    public String workload;

    @Param({"1", "2"})
    public int threads;

    private Emulator emulator;
    private PreparedOperator prepared;
    private Bindings bindings;

    /** The floor's view of the same bytes: indices in, output out, no gather. */
    private byte[] floorIndices;
    private byte[] floorOutput;
    private int floorIndexSize;
    private int floorElementSize;
    private ExecutorService floorPool;

    private OrtEnvironment environment;
    private OrtSession session;
    private Map<String, OnnxTensor> ortInputs;
    private Map<String, OnnxTensor> ortOutputs;

    /** One workload's shapes. */
    private record Shape(long[] data, long[] indices, int axis, TensorDataType indexType, List<Long> dataStrides,
            TensorDataType dataType) {
        Shape(long[] data, long[] indices, int axis, TensorDataType indexType, List<Long> dataStrides) {
            this(data, indices, axis, indexType, dataStrides, TensorDataType.FLOAT32);
        }
    }

    private static Shape shape(String workload) {
        long[] square = {4096, 4096};
        return switch (workload) {
            case "W1" -> new Shape(square, square, 0, TensorDataType.INT32, null);
            case "W2" -> new Shape(square, square, 1, TensorDataType.INT32, null);
            case "W3" -> new Shape(new long[] {64, 512, 512}, new long[] {64, 256, 512}, 1, TensorDataType.INT32,
                    null);
            case "W4" -> new Shape(square, square, 1, TensorDataType.INT64, null);
            case "W5" -> new Shape(new long[] {2, 3}, new long[] {2, 3}, 1, TensorDataType.INT32, null);
            case "STRIDED" -> new Shape(square, square, 0, TensorDataType.INT32, List.of(1L, 4096L));
            case "BROADCAST" -> new Shape(square, square, 1, TensorDataType.INT32, List.of(0L, 1L));
            case "W2_F16" -> new Shape(square, square, 1, TensorDataType.INT32, null, TensorDataType.FLOAT16);
            case "W2_F64" -> new Shape(square, square, 1, TensorDataType.INT32, null, TensorDataType.FLOAT64);
            case "W1_F16" -> new Shape(square, square, 0, TensorDataType.INT32, null, TensorDataType.FLOAT16);
            case "W1_F64" -> new Shape(square, square, 0, TensorDataType.INT32, null, TensorDataType.FLOAT64);
            default -> throw new IllegalArgumentException(workload);
        };
    }

    @Setup(Level.Trial)
    public void setUp() throws OrtException {
        Shape s = shape(workload);
        SplittableRandom random = new SplittableRandom(42);
        long axisSize = s.data()[s.axis()];
        int dataCount = (int) Arrays.stream(s.data()).reduce(1, (a, b) -> a * b);
        int indexCount = (int) Arrays.stream(s.indices()).reduce(1, (a, b) -> a * b);
        int indexSize = s.indexType().sizeInBytes();
        int es = s.dataType().sizeInBytes();

        // Logical data values as raw bits (row-major) and indices, shared by both sides.
        long[] logical = new long[dataCount];
        long[] indexValues = new long[indexCount];
        for (int i = 0; i < indexCount; i++) {
            indexValues[i] = random.nextLong(axisSize);
        }

        // Emulator: heap buffers; the input laid out through its strides.
        BufferTensorDesc input = s.dataStrides() == null ? BufferTensorDesc.packed(s.dataType(), s.data())
                : BufferTensorDesc.strided(s.dataType(), boxed(s.data()), s.dataStrides());
        ByteBuffer inputBytes = ByteBuffer.allocate((int) input.totalTensorSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> strides = input.effectiveStrides();
        int cols = (int) s.data()[s.data().length - 1];
        for (int i = 0; i < dataCount; i++) {
            long offset = s.data().length == 2 ? (i / cols) * strides.get(0) + (i % cols) * strides.get(1) : i;
            // A broadcast element has one value wherever it appears. Float32 keeps the offset as a float value.
            logical[i] = es == 4 ? Float.floatToRawIntBits(offset) : offset;
            putElement(inputBytes, (int) offset * es, es, logical[i]);
        }
        ByteBuffer indexBytes = ByteBuffer.allocate(indexCount * indexSize).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < indexCount; i++) {
            if (indexSize == 8) {
                indexBytes.putLong(i * 8, indexValues[i]);
            } else {
                indexBytes.putInt(i * 4, (int) indexValues[i]);
            }
        }
        ByteBuffer outputBytes = ByteBuffer.allocate(indexCount * es).order(ByteOrder.LITTLE_ENDIAN);
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(input,
                BufferTensorDesc.packed(s.indexType(), s.indices()),
                BufferTensorDesc.packed(s.dataType(), s.indices()), s.axis());
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulator.prepare(new FeatureLevelValidator().validate(desc, FeatureLevel.LEVEL_6_4).validated());
        bindings = Bindings.of(BufferBinding.of(inputBytes), BufferBinding.of(indexBytes),
                BufferBinding.of(outputBytes));
        floorIndices = indexBytes.array();
        floorOutput = new byte[indexCount * es];
        floorIndexSize = indexSize;
        floorElementSize = es;
        floorPool = threads > 1 ? Executors.newFixedThreadPool(threads - 1) : null;

        // ONNX Runtime: direct native-order buffers (no copy), packed data, pinned output.
        environment = OrtEnvironment.getEnvironment();
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(threads);
        options.setInterOpNumThreads(1);
        OnnxJavaType ortType = switch (es) {
            case 2 -> OnnxJavaType.FLOAT16;
            case 8 -> OnnxJavaType.DOUBLE;
            default -> OnnxJavaType.FLOAT;
        };
        byte[] model = OnnxModelBytes.gatherElements(s.data(), s.indices(),
                indexSize == 8 ? OnnxModelBytes.INT64 : OnnxModelBytes.INT32, s.axis(), OnnxModelBytes.typeOf(es));
        session = environment.createSession(model, options);
        ByteBuffer ortData = ByteBuffer.allocateDirect(dataCount * es).order(ByteOrder.nativeOrder());
        for (int i = 0; i < dataCount; i++) {
            putElement(ortData, i * es, es, logical[i]);
        }
        ByteBuffer ortIndices = ByteBuffer.allocateDirect(indexCount * indexSize).order(ByteOrder.nativeOrder());
        for (int i = 0; i < indexCount; i++) {
            if (indexSize == 8) {
                ortIndices.putLong(i * 8, indexValues[i]);
            } else {
                ortIndices.putInt(i * 4, (int) indexValues[i]);
            }
        }
        ByteBuffer ortOut = ByteBuffer.allocateDirect(indexCount * es).order(ByteOrder.nativeOrder());
        ortInputs = Map.of(
                "data", OnnxTensor.createTensor(environment, ortData, s.data(), ortType),
                "indices", indexSize == 8
                        ? OnnxTensor.createTensor(environment, ortIndices.asLongBuffer(), s.indices())
                        : OnnxTensor.createTensor(environment, ortIndices.asIntBuffer(), s.indices()));
        ortOutputs = Map.of("y", OnnxTensor.createTensor(environment, ortOut, s.indices(), ortType));

        // Both must compute the same thing before either is timed.
        prepared.execute(bindings);
        runOrt();
        for (int i = 0; i < indexCount * es; i++) {
            if (outputBytes.get(i) != ortOut.get(i)) {
                throw new IllegalStateException(workload + ": emulator and ONNX Runtime differ at element " + i / es);
            }
        }
    }

    /** Stores the low {@code es} bytes of {@code bits} at {@code at} in the buffer's byte order. */
    private static void putElement(ByteBuffer buffer, int at, int es, long bits) {
        switch (es) {
            case 2 -> buffer.putShort(at, (short) bits);
            case 4 -> buffer.putInt(at, (int) bits);
            default -> buffer.putLong(at, bits);
        }
    }

    private static List<Long> boxed(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws OrtException {
        prepared.close();
        emulator.close();
        if (floorPool != null) {
            floorPool.shutdown();
        }
        for (OnnxTensor tensor : ortInputs.values()) {
            tensor.close();
        }
        for (OnnxTensor tensor : ortOutputs.values()) {
            tensor.close();
        }
        session.close();
    }

    @Benchmark
    public void emulator() {
        prepared.execute(bindings);
    }

    /**
     * A memory-traffic floor for the same run: every index byte read once and every output byte written once, with
     * no gather (INT32 indices, 4-byte elements: {@code System.arraycopy} of the indices into the output; otherwise
     * each index stored, narrowed or widened to the element size). Split into contiguous halves like the emulator when
     * {@code threads} is 2.
     */
    @Benchmark
    public void copyFloor() throws Exception {
        int count = floorOutput.length / floorElementSize;
        if (floorPool == null) {
            copyFloor(0, count);
            return;
        }
        Future<?> other = floorPool.submit(() -> copyFloor(count / 2, count));
        copyFloor(0, count / 2);
        other.get();
    }

    private void copyFloor(int begin, int end) {
        if (floorIndexSize == 4 && floorElementSize == 4) {
            System.arraycopy(floorIndices, begin * 4, floorOutput, begin * 4, (end - begin) * 4);
        } else if (floorIndexSize == 8) {
            for (int i = begin; i < end; i++) {
                INT.set(floorOutput, i * 4, (int) (long) LONG.get(floorIndices, i * 8));
            }
        } else if (floorElementSize == 2) {
            for (int i = begin; i < end; i++) {
                SHORT.set(floorOutput, i * 2, (short) (int) INT.get(floorIndices, i * 4));
            }
        } else {
            for (int i = begin; i < end; i++) {
                LONG.set(floorOutput, i * 8, (long) (int) INT.get(floorIndices, i * 4));
            }
        }
    }

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class,
            ByteOrder.LITTLE_ENDIAN);

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    @Benchmark
    public void onnxRuntime() throws OrtException {
        runOrt();
    }

    private void runOrt() throws OrtException {
        try (OrtSession.Result result = session.run(ortInputs, ortOutputs)) {
            // The output lands in the pinned buffer; closing the result releases nothing we own.
        }
    }
}

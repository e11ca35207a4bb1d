package dev.dmlemu.conformance.realdml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.cli.Main;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionDirection;
import dev.dmlemu.desc.ConvolutionMode;
import dev.dmlemu.desc.ConvolutionOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.nativebridge.DirectMlBackend;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Descs with a NULL optional tensor (GEMM without CTensor, CONVOLUTION without BiasTensor) and with tensor arrays (JOIN
 * of three inputs, SPLIT into three outputs) on the real DirectML.dll in the project's host: the NULL tensor is bound
 * to nothing (DML_BINDING_TYPE_NONE), each array element to a buffer of its own, and every output is exact, so the
 * expected values are worked out by hand (docs/directml-behaviour.md §5.5). Once through the Java API, once through
 * {@code dmlemu run --backend directml} on the model files of cli's {@code directml/} test folder.
 */
class OptionalAndArrayTensorsOnRealDirectMlTest {

    private static final Path MODELS = Path.of("..", "cli", "src", "test", "resources", "dev", "dmlemu", "cli",
            "directml").toAbsolutePath().normalize();

    private static DirectMlBackend backend;

    @BeforeAll
    static void openOrSkip() {
        backend = RealDirectMl.openBackendOrSkip("optional and array tensors on the real DirectML");
    }

    @AfterAll
    static void close() {
        if (backend != null) {
            backend.close();
        }
    }

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static ByteBuffer floats(float... values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            bytes.putFloat(value);
        }
        return bytes.flip();
    }

    private static float[] readFloats(ByteBuffer bytes) {
        float[] values = new float[bytes.capacity() / 4];
        bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN).clear().asFloatBuffer().get(values);
        return values;
    }

    private static void run(OperatorDesc desc, TensorBinding... bindings) {
        ValidationResult result = new FeatureLevelValidator().validate(desc, FeatureLevel.LEVEL_6_4);
        try (PreparedOperator prepared = backend.prepare(result.validated())) {
            prepared.execute(Bindings.of(bindings));
        }
    }

    /** A: [[1, 2, 3], [4, 5, 6]]; B: [[7, 8], [9, 10], [11, 12]]; Alpha 1, Beta 0. */
    private static GemmOperatorDesc gemmWithoutC() {
        return new GemmOperatorDesc(f32(1, 1, 2, 3), f32(1, 1, 3, 2), TensorDesc.NULL, f32(1, 1, 2, 2),
                MatrixTransform.NONE, MatrixTransform.NONE, 1f, 0f, Optional.empty());
    }

    @Test
    void gemmWithoutCTensorIsTheProductAlone() {
        ByteBuffer y = floats(-1, -1, -1, -1);
        run(gemmWithoutC(), BufferBinding.of(floats(1, 2, 3, 4, 5, 6)), BufferBinding.of(floats(7, 8, 9, 10, 11, 12)),
                TensorBinding.NONE, BufferBinding.of(y));
        // Row 0: 1*7 + 2*9 + 3*11 = 58, 1*8 + 2*10 + 3*12 = 64; row 1: 4*7 + 5*9 + 6*11 = 139, 4*8 + 5*10 + 6*12 = 154.
        assertArrayEquals(new float[] {58, 64, 139, 154}, readFloats(y));
    }

    @Test
    void convolutionWithoutBiasTensorMixesChannelsOnly() {
        // A 1x1 filter over two 2x2 channels c0 = [1, 2, 3, 4], c1 = [5, 6, 7, 8]; output channels c0, c1, 2*c0 - c1.
        ConvolutionOperatorDesc convolution = ConvolutionOperatorDesc.builder()
                .inputTensor(f32(1, 2, 2, 2)).filterTensor(f32(3, 2, 1, 1)).biasTensor(TensorDesc.NULL)
                .outputTensor(f32(1, 3, 2, 2)).mode(ConvolutionMode.CROSS_CORRELATION)
                .direction(ConvolutionDirection.FORWARD).dimensionCount(2).strides(List.of(1L, 1L))
                .dilations(List.of(1L, 1L)).startPadding(List.of(0L, 0L)).endPadding(List.of(0L, 0L))
                .outputPadding(List.of(0L, 0L)).groupCount(1).build();
        ByteBuffer y = ByteBuffer.allocate(48);
        run(convolution, BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8)), BufferBinding.of(floats(1, 0, 0, 1, 2, -1)),
                TensorBinding.NONE, BufferBinding.of(y));
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6, 7, 8, 2 - 5, 4 - 6, 6 - 7, 8 - 8}, readFloats(y));
    }

    @Test
    void joinBindsEachInputOfTheArray() {
        // [[1, 2], [3, 4]], [[5], [6]] and [[7, 8, 9], [10, 11, 12]] side by side along the last axis.
        JoinOperatorDesc join = new JoinOperatorDesc(3, List.of(f32(1, 1, 2, 2), f32(1, 1, 2, 1), f32(1, 1, 2, 3)),
                f32(1, 1, 2, 6), 3);
        ByteBuffer y = ByteBuffer.allocate(48);
        run(join, BufferBinding.of(floats(1, 2, 3, 4)), BufferBinding.of(floats(5, 6)),
                BufferBinding.of(floats(7, 8, 9, 10, 11, 12)), BufferBinding.of(y));
        assertArrayEquals(new float[] {1, 2, 5, 7, 8, 9, 3, 4, 6, 10, 11, 12}, readFloats(y));
    }

    @Test
    void splitBindsEachOutputOfTheArray() {
        // [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]] cut along the last axis into widths 1, 3 and 1.
        SplitOperatorDesc split = new SplitOperatorDesc(f32(1, 1, 2, 5), 3,
                List.of(f32(1, 1, 2, 1), f32(1, 1, 2, 3), f32(1, 1, 2, 1)), 3);
        ByteBuffer first = ByteBuffer.allocate(8);
        ByteBuffer middle = ByteBuffer.allocate(24);
        ByteBuffer last = ByteBuffer.allocate(8);
        run(split, BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)), BufferBinding.of(first),
                BufferBinding.of(middle), BufferBinding.of(last));
        assertArrayEquals(new float[] {1, 6}, readFloats(first));
        assertArrayEquals(new float[] {2, 3, 4, 7, 8, 9}, readFloats(middle));
        assertArrayEquals(new float[] {5, 10}, readFloats(last));
    }

    /**
     * The output's quantization parameters are inputs (docs/directml-behaviour.md §3.3): A [[1, 2], [3, 4]] by
     * B [[5, 6], [7, 8]] in UINT8 is [[19, 22], [43, 50]]; scales 1, 1 and OutputScaleTensor 2 give 9.5, 11, 21.5,
     * 25, rounded half to even. Bound among the outputs, OutputScaleTensor left the result 0 0 0 0.
     */
    @Test
    void quantizedMatrixMultiplyReadsItsOutputScale() {
        BufferTensorDesc u8 = BufferTensorDesc.packed(TensorDataType.UINT8, 1, 1, 2, 2);
        BufferTensorDesc scale = f32(1, 1, 1, 1);
        ByteBuffer y = ByteBuffer.allocate(4);
        run(new QuantizedLinearMatrixMultiplyOperatorDesc(u8, scale, TensorDesc.NULL, u8, scale, TensorDesc.NULL, scale,
                TensorDesc.NULL, u8), BufferBinding.of(ByteBuffer.wrap(new byte[] {1, 2, 3, 4})),
                BufferBinding.of(floats(1)), TensorBinding.NONE, BufferBinding.of(ByteBuffer.wrap(new byte[] {5, 6, 7, 8})),
                BufferBinding.of(floats(1)), TensorBinding.NONE, BufferBinding.of(floats(2)), TensorBinding.NONE,
                BufferBinding.of(y));
        assertArrayEquals(new byte[] {10, 11, 22, 25}, y.array());
    }

    @Test
    void aBufferForTheNullTensorIsRefusedBeforeDirectMlSeesIt() {
        // DirectML removes the device for it (docs/directml-behaviour.md §5.5), so the binding rule stops it first.
        ByteBuffer y = floats(-1, -1, -1, -1);
        OperatorExecutionException refused = assertThrows(OperatorExecutionException.class, () -> run(gemmWithoutC(),
                BufferBinding.of(floats(1, 2, 3, 4, 5, 6)), BufferBinding.of(floats(7, 8, 9, 10, 11, 12)),
                BufferBinding.of(floats(100, 100, 100, 100)), BufferBinding.of(y)));
        assertEquals("CTensor: the desc leaves this tensor NULL, so DirectML takes no binding there"
                + " (DML_BINDING_TYPE_NONE): bind nothing to it", refused.getMessage());
        // The device is still there.
        gemmWithoutCTensorIsTheProductAlone();
    }

    /** {@code dmlemu run FILE --backend directml}: exit code, stdout, stderr. */
    private static String[] dmlemu(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(args, o, e);
        }
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8),
            err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void theModelFilesPrintTheSameValuesThroughTheCommandLine() {
        String[] result = dmlemu("run", MODELS.resolve("gemm-without-c.json").toString(),
                MODELS.resolve("convolution-without-bias.json").toString(), MODELS.resolve("join.json").toString(),
                MODELS.resolve("split.json").toString(), "--backend", "directml");
        assertEquals("0", result[0], result[2]);
        String prefix = MODELS + "/";
        assertEquals(prefix + "gemm-without-c.json: Resource 'Y': 58, 64, 139, 154\n"
                + prefix + "convolution-without-bias.json: Resource 'Y': 1, 2, 3, 4, 5, 6, 7, 8, -3, -2, -1, 0\n"
                + prefix + "join.json: Resource 'Y': 1, 2, 5, 7, 8, 9, 3, 4, 6, 10, 11, 12\n"
                + prefix + "split.json: Resource 'Y0': 1, 6\n"
                + prefix + "split.json: Resource 'Y1': 2, 3, 4, 7, 8, 9\n"
                + prefix + "split.json: Resource 'Y2': 5, 10\n"
                + "4 model files: 4 passed, 0 invalid, 0 unusable\n",
                result[1].replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aModelBindingTheNullTensorIsUnusable() throws Exception {
        Path dir = Files.createTempDirectory("dmlemu-null-binding");
        try {
            String model = Files.readString(MODELS.resolve("gemm-without-c.json")).replace(
                    "\"BTensor\": \"B\",", "\"BTensor\": \"B\", \"CTensor\": \"Y\",");
            Path file = Files.writeString(dir.resolve("gemm-bound-c.json"), model);
            String[] result = dmlemu("run", file.toString(), "--backend", "directml");
            assertEquals("2", result[0], result[2]);
            assertEquals("", result[1]);
            assertTrue(result[2].contains("gemm-bound-c.json: commands[0].bindings.CTensor: resource 'Y' is"
                    + " bound to CTensor, but the desc leaves this tensor NULL, so DirectML takes no binding there"
                    + " (DML_BINDING_TYPE_NONE): bind nothing to it (line "), result[2]);
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }
}

package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code dmlemu onnx}, driven through {@link Main#run} with .npy inputs written in a temporary directory. */
class OnnxCommandTest {

    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
        List<String> outLines() {
            return out.lines().toList();
        }
    }

    static Result dmlemu(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        Result result = new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertFalse(result.err.contains("\tat ") || result.err.contains("Exception"),
                "no stack trace or exception name reaches the user: " + result.err);
        return result;
    }

    // ---- .npy inputs -----------------------------------------------------------------------------------------

    private Path floats(String name, List<Long> shape, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return npy(name, TensorDataType.FLOAT32, shape, b.flip());
    }

    private Path int32s(String name, List<Long> shape, int... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return npy(name, TensorDataType.INT32, shape, b.flip());
    }

    private Path int64s(String name, List<Long> shape, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return npy(name, TensorDataType.INT64, shape, b.flip());
    }

    /** Indices of the given numpy type: int32 or int64. */
    private Path indices(String name, String type, List<Long> shape, int... values) {
        return type.equals("int64") ? int64s(name, shape, java.util.Arrays.stream(values).asLongStream().toArray())
                : int32s(name, shape, values);
    }

    private Path npy(String name, TensorDataType type, List<Long> shape, ByteBuffer data) {
        Path path = dir.resolve(name);
        NpyFile.write(path, type, shape, data);
        return path;
    }

    private static List<Long> shape(long... dims) {
        List<Long> list = new ArrayList<>();
        for (long d : dims) {
            list.add(d);
        }
        return list;
    }

    private static String[] args(Object... parts) {
        return Stream.of(parts).map(Object::toString).toArray(String[]::new);
    }

    // ---- the seeds' examples ---------------------------------------------------------------------------------

    static Stream<Arguments> levelsAndIndexTypes() {
        List<Arguments> cases = new ArrayList<>();
        for (String level : List.of("2_1", "3_0", "4_1", "6_4")) {
            for (String type : List.of("int32", "int64")) {
                cases.add(Arguments.of(level, type));
            }
        }
        return cases.stream();
    }

    /** ONNX GatherElements-13 Example 1 (onnx-GatherElements-13-examples.txt): axis 1, output [[1, 1], [4, 3]]. */
    @ParameterizedTest(name = "level {0}, {1} indices")
    @MethodSource("levelsAndIndexTypes")
    void onnxExample1(String level, String indexType) {
        Path data = floats("data.npy", shape(2, 2), 1, 2, 3, 4);
        Path idx = indices("indices.npy", indexType, shape(2, 2), 0, 0, 1, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--axis", 1, "--feature-level", level,
                "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("Output: 1, 1, 4, 3", "Shape: [2, 2], type: float"), r.outLines());
        assertTrue(r.err().contains("backend: emulator, feature level: DML_FEATURE_LEVEL_" + level
                + ", index policy: strict"), r.err());
    }

    /** Example 2: no axis attribute (axis 0), output [[4, 8, 3], [7, 2, 3]]. */
    @ParameterizedTest(name = "level {0}, {1} indices")
    @MethodSource("levelsAndIndexTypes")
    void onnxExample2(String level, String indexType) {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = indices("indices.npy", indexType, shape(2, 3), 1, 2, 0, 2, 0, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--feature-level", level,
                "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("Output: 4, 8, 3, 7, 2, 3", "Shape: [2, 3], type: float"), r.outLines());
    }

    /** _gather_elements_negative_indices: output [[7, 5, 3], [4, 2, 3]]; negative indices need 3_0. */
    @ParameterizedTest(name = "level {0}, {1} indices")
    @MethodSource("levelsAndIndexTypes")
    void onnxNegativeIndices(String level, String indexType) {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = indices("indices.npy", indexType, shape(2, 3), -1, -2, 0, -2, 0, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--axis", 0, "--feature-level", level,
                "--backend", "emulator"));
        if (level.equals("2_1")) {
            assertEquals(1, r.code(), r.out() + r.err());
            assertTrue(r.err().contains("NEGATIVE_INDICES_NEED_3_0"), r.err());
            assertTrue(r.err().contains("indices[0, 0] = -1"), r.err());
            assertTrue(r.err().contains("[accepted from DML_FEATURE_LEVEL_3_0]"), r.err());
            assertEquals("", r.out());
        } else {
            assertEquals(0, r.code(), r.err());
            assertEquals(List.of("Output: 7, 5, 3, 4, 2, 3", "Shape: [2, 3], type: float"), r.outLines());
        }
    }

    /** GatherElements-11's examples are the same two; its frontend differs only in refusing bfloat16. */
    @Test
    void onnx11Frontend() {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2, 3), 1, 2, 0, 2, 0, 0);
        Result r = dmlemu(args("onnx", "--frontend", "onnx-11", "--data", data, "--indices", idx,
                "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals("Output: 4, 8, 3, 7, 2, 3", r.outLines().get(0));
    }

    static Stream<Arguments> openVinoExamples() {
        return Stream.of(
                // Example 1: axis 0.
                Arguments.of(shape(2, 2), new float[] {1, 2, 3, 4}, shape(2, 2), new int[] {0, 1, 0, 0}, 0,
                        "Output: 1, 4, 1, 2", "Shape: [2, 2], type: float"),
                // Example 2: axis 1, indices larger than the data along the axis.
                Arguments.of(shape(2, 2), new float[] {1, 7, 4, 3}, shape(2, 3), new int[] {1, 1, 0, 1, 0, 1}, 1,
                        "Output: 7, 7, 1, 3, 4, 3", "Shape: [2, 3], type: float"),
                // Example 3: indices smaller than the data along the axis.
                Arguments.of(shape(3, 3), new float[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, shape(2, 3),
                        new int[] {1, 0, 1, 1, 2, 0}, 0, "Output: 4, 2, 6, 4, 8, 3", "Shape: [2, 3], type: float"));
    }

    /** openvino-GatherElements-6.md, examples 1 to 3, with their outputs typed in. */
    @ParameterizedTest
    @MethodSource("openVinoExamples")
    void openVinoExamples(List<Long> dataShape, float[] dataValues, List<Long> indicesShape, int[] indexValues,
            int axis, String output, String shapeLine) {
        Path data = floats("data.npy", dataShape, dataValues);
        for (String type : List.of("int32", "int64")) {
            Path idx = indices("indices-" + type + ".npy", type, indicesShape, indexValues);
            Result r = dmlemu(args("onnx", "--frontend", "openvino-6", "--data", data, "--indices", idx,
                    "--axis", axis, "--backend", "emulator"));
            assertEquals(0, r.code(), r.err());
            assertEquals(List.of(output, shapeLine), r.outLines());
        }
    }

    @Test
    void openVinoRequiresTheAxis() {
        Path data = floats("data.npy", shape(2, 2), 1, 2, 3, 4);
        Path idx = int32s("indices.npy", shape(2, 2), 0, 1, 0, 0);
        Result r = dmlemu(args("onnx", "--frontend", "openvino-6", "--data", data, "--indices", idx));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--axis is required with --frontend openvino-6"), r.err());
    }

    /** ONNX allows indices smaller than the data in a non-axis dimension: [[4], [7]] by hand. */
    @Test
    void indicesSmallerThanDataOutsideTheAxis() {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2, 1), 1, 2);
        for (String level : List.of("2_1", "6_4")) {
            Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--feature-level", level,
                    "--backend", "emulator"));
            assertEquals(0, r.code(), r.err());
            assertEquals(List.of("Output: 4, 7", "Shape: [2, 1], type: float"), r.outLines());
        }
    }

    // ---- index policies --------------------------------------------------------------------------------------

    /** Index 3 on an axis of size 3, at output [0, 1]. */
    private Path[] outOfRange() {
        return new Path[] {floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9),
            int64s("indices.npy", shape(2, 3), 1, 3, 0, 2, 0, 0)};
    }

    @Test
    void strictIsTheDefaultAndNamesTheCoordinateAndValue() {
        Path[] in = outOfRange();
        Result r = dmlemu(args("onnx", "--data", in[0], "--indices", in[1], "--backend", "emulator"));
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().contains("indices[0, 1] = 3 is out of range: data axis 0 has size 3, so ONNX "
                + "GatherElements-13 indices must lie in [-3, 2]"), r.err());
        assertTrue(r.err().contains("--index-policy directml"), r.err());
        // Below the range, too: -4.
        Path low = int32s("low.npy", shape(2, 3), 1, 2, 0, 2, 0, -4);
        Result below = dmlemu(args("onnx", "--data", in[0], "--indices", low, "--index-policy", "strict"));
        assertEquals(2, below.code());
        assertTrue(below.err().contains("indices[1, 2] = -4 is out of range"), below.err());
    }

    /**
     * DirectML's measured behaviour (docs/directml-behaviour.md §7.1): element offset 3 * 3 + 1 = 10 lies past the
     * last element (8) of the 36-byte input, so it reads element 8, the value 9. clamp-axis reads row 2 instead: 8.
     */
    @Test
    void directmlAndClampAxisPolicies() {
        Path[] in = outOfRange();
        Result directml = dmlemu(args("onnx", "--data", in[0], "--indices", in[1], "--index-policy", "directml",
                "--backend", "emulator"));
        assertEquals(0, directml.code(), directml.err());
        assertEquals("Output: 4, 9, 3, 7, 2, 3", directml.outLines().get(0));
        assertTrue(directml.err().contains("index policy: directml"), directml.err());
        Result clamp = dmlemu(args("onnx", "--data", in[0], "--indices", in[1], "--index-policy", "clamp-axis",
                "--backend", "emulator"));
        assertEquals(0, clamp.code(), clamp.err());
        assertEquals("Output: 4, 8, 3, 7, 2, 3", clamp.outLines().get(0));
    }

    @Test
    void openVinoStrictRangeStartsAtZero() {
        Path data = floats("data.npy", shape(2, 2), 1, 2, 3, 4);
        Path idx = int32s("indices.npy", shape(2, 2), 0, -1, 0, 0);
        Result r = dmlemu(args("onnx", "--frontend", "openvino-6", "--axis", 0, "--data", data, "--indices", idx));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("indices[0, 1] = -1 is out of range: data axis 0 has size 2, so OpenVINO "
                + "GatherElements-6 indices must lie in [0, 1]"), r.err());
    }

    /**
     * Issue 27: {@code onnx --json} writes its output values as {@code run --json} does. Each FLOAT32 value of
     * {@link JsonFloatBits} (negative zero, 2.0, extremes, NaN, infinities) gathered in place and read back by
     * Jackson's default tree is a float node with the element's bits.
     */
    @Test
    void jsonFloatsReadBackBitForBit() throws IOException {
        int count = JsonFloatBits.FLOAT32.length;
        Path data = npy("bits.npy", TensorDataType.FLOAT32, shape(count), JsonFloatBits.buffer(TensorDataType.FLOAT32));
        Path idx = int32s("identity.npy", shape(count), java.util.stream.IntStream.range(0, count).toArray());
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--json"));
        assertEquals(0, r.code(), r.err());
        JsonFloatBits.assertReadBack(TensorDataType.FLOAT32,
                new ObjectMapper().readTree(r.out()).at("/resources/output/values"));
    }

    // ---- refusals --------------------------------------------------------------------------------------------

    @Test
    void refusalAsJson() throws IOException {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int32s("indices.npy", shape(2, 3), -1, -2, 0, -2, 0, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--feature-level", "2_1", "--json"));
        assertEquals(1, r.code());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(false, json.get("lowered").asBoolean());
        assertEquals("NEGATIVE_INDICES_NEED_3_0", json.get("rule").asText());
        assertEquals("DML_FEATURE_LEVEL_2_1", json.get("featureLevel").asText());
        assertEquals("DML_FEATURE_LEVEL_3_0", json.get("acceptedFrom").asText());
        assertTrue(json.get("message").asText().contains("negative indices need DML_FEATURE_LEVEL_3_0"));
    }

    @Test
    void shapeRefusalsComeBeforeTheIndexCheck() {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int32s("indices.npy", shape(6), 1, 2, 0, 2, 0, 9);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx));
        assertEquals(1, r.code());
        assertTrue(r.err().contains("RANK_MISMATCH"), r.err());
        Path rank5 = floats("rank5.npy", shape(1, 1, 1, 1, 2), 1, 2);
        Path idx5 = int32s("idx5.npy", shape(1, 1, 1, 1, 2), 1, 0);
        Result r5 = dmlemu(args("onnx", "--data", rank5, "--indices", idx5, "--axis", -1, "--feature-level", "2_1"));
        assertEquals(1, r5.code());
        assertTrue(r5.err().contains("RANK_ABOVE_4_NEEDS_3_0") && r5.err().contains("DML_FEATURE_LEVEL_3_0"),
                r5.err());
        Result ok5 = dmlemu(args("onnx", "--data", rank5, "--indices", idx5, "--axis", -1, "--feature-level", "3_0"));
        assertEquals(0, ok5.code(), ok5.err());
        assertEquals("Output: 2, 1", ok5.outLines().get(0));
    }

    @Test
    void sixtyFourBitDataNeeds41() {
        Path data = npy("data.npy", TensorDataType.FLOAT64, shape(2),
                ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putDouble(0.1).putDouble(-2.5).flip());
        Path idx = int32s("indices.npy", shape(3), 1, 0, 1);
        Result refused = dmlemu(args("onnx", "--data", data, "--indices", idx, "--feature-level", "3_0"));
        assertEquals(1, refused.code());
        assertTrue(refused.err().contains("DATA_64_BIT_NEEDS_4_1"), refused.err());
        Result ok = dmlemu(args("onnx", "--data", data, "--indices", idx, "--feature-level", "4_1"));
        assertEquals(0, ok.code(), ok.err());
        assertEquals(List.of("Output: -2.5, 0.1, -2.5", "Shape: [3], type: double"), ok.outLines());
    }

    // ---- JSON ------------------------------------------------------------------------------------------------

    @Test
    void jsonHasRunsShapePlusShapeAndDesc() throws IOException {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2, 3), -1, -2, 0, -2, 0, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--axis", -2, "--backend", "emulator",
                "--json"));
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("emulator", json.get("backend").asText());
        assertEquals("DML_FEATURE_LEVEL_6_4", json.get("featureLevel").asText());
        assertEquals("strict", json.get("indexPolicy").asText());
        JsonNode output = json.get("resources").get("output");
        assertEquals("FLOAT32", output.get("dataType").asText());
        assertEquals("[7.0,5.0,3.0,4.0,2.0,3.0]", output.get("values").toString());
        assertEquals("{}", json.get("timings").toString());
        assertEquals("[2,3]", json.get("shape").toString());
        JsonNode desc = json.get("desc");
        assertEquals(0, desc.get("Axis").asInt());
        assertEquals("[3,3]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("INT64", desc.get("IndicesTensor").get("DataType").asText());
        assertEquals("FLOAT32", desc.get("OutputTensor").get("DataType").asText());
        assertEquals(3, json.get("bindingNotes").size());
    }

    /** At 2_1 the desc shows the lowering: 4-D, int64 indices read as UINT32 low halves (strides doubled). */
    @Test
    void jsonDescAt21ShowsTheLowering() throws IOException {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2, 3), 1, 2, 0, 2, 0, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--feature-level", "2_1", "--json"));
        assertEquals(0, r.code(), r.err());
        JsonNode desc = new ObjectMapper().readTree(r.out()).get("desc");
        assertEquals("UINT32", desc.get("IndicesTensor").get("DataType").asText());
        assertEquals("[1,1,2,3]", desc.get("IndicesTensor").get("Sizes").toString());
        assertEquals("[12,12,6,2]", desc.get("IndicesTensor").get("Strides").toString());
        assertEquals(2, desc.get("Axis").asInt());
    }

    // ---- --print-desc ----------------------------------------------------------------------------------------

    /** The printed model, run by {@code dmlemu run}, prints what {@code dmlemu onnx} printed. */
    private void assertRoundTrip(boolean inline, String... onnxArgs) throws IOException {
        Result direct = dmlemu(onnxArgs);
        assertEquals(0, direct.code(), direct.err());
        List<String> withDesc = new ArrayList<>(List.of(onnxArgs));
        withDesc.add("--print-desc");
        if (inline) {
            withDesc.add("--inline-values");
        }
        Result printed = dmlemu(withDesc.toArray(String[]::new));
        assertEquals(0, printed.code(), printed.err());
        assertTrue(printed.err().startsWith("lowered at DML_FEATURE_LEVEL_"), printed.err());
        Path model = Files.writeString(dir.resolve("model-" + System.nanoTime() + ".json"), printed.out());
        Result run = dmlemu("run", model.toString(), "--backend", "emulator");
        assertEquals(0, run.code(), run.err());
        String values = direct.outLines().get(0).substring("Output: ".length());
        assertEquals(List.of("Resource 'output': " + values), run.outLines());
        // DxDispatch's reader accepts it too: the same records come back from the text.
        assertEquals(printed.out(), dev.dmlemu.model.ModelFiles.write(
                dev.dmlemu.model.ModelFiles.read(model)));
    }

    @Test
    void printDescRoundTripsThroughRun() throws IOException {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path negative = int64s("negative.npy", shape(2, 3), -1, -2, 0, -2, 0, 0);
        assertRoundTrip(false, args("onnx", "--data", data, "--indices", negative, "--backend", "emulator"));
        // 2_1: rank padding, a strided window, int64 indices as UINT32 low halves.
        Path window = int64s("window.npy", shape(2, 2), 2, 0, 1, 1);
        for (boolean inline : new boolean[] {false, true}) {
            assertRoundTrip(inline, args("onnx", "--data", data, "--indices", window, "--feature-level", "2_1",
                    "--backend", "emulator"));
        }
    }

    @Test
    void printDescPointsAtTheGivenFiles() throws IOException {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int32s("indices.npy", shape(2, 3), 1, 2, 0, 2, 0, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--print-desc"));
        JsonNode model = new ObjectMapper().readTree(r.out());
        assertEquals(data.toAbsolutePath().toString(),
                model.get("resources").get("data").get("initialValues").get("sourcePath").asText());
        assertEquals("INT32", model.get("resources").get("indices").get("initialValuesDataType").asText());
        assertEquals("{\"valueCount\":6,\"value\":0}",
                model.get("resources").get("output").get("initialValues").toString());
        assertEquals("[{\"type\":\"dispatch\",\"dispatchable\":\"gather\",\"bindings\":{\"InputTensor\":\"data\","
                + "\"IndicesTensor\":\"indices\",\"OutputTensor\":\"output\"}},{\"type\":\"print\",\"resource\":"
                + "\"output\"}]", model.get("commands").toString());
    }

    /** A printed model saved away from the .npy files reads them only once their folder is allowed. */
    @Test
    void printedModelSavedElsewhereNeedsReadDir() throws IOException {
        Path data = floats("data.npy", shape(3), 1, 2, 3);
        Path idx = int32s("indices.npy", shape(2), 2, 0);
        Result printed = dmlemu(args("onnx", "--data", data, "--indices", idx, "--print-desc"));
        assertEquals(0, printed.code(), printed.err());
        Path model = Files.writeString(Files.createDirectories(dir.resolve("elsewhere")).resolve("ge.json"),
                printed.out());
        Result refused = dmlemu("run", model.toString(), "--backend", "emulator");
        assertEquals(2, refused.code(), refused.err());
        assertTrue(refused.err().contains("resources.data.initialValues.sourcePath: '" + data.toAbsolutePath()
                + "' resolves to"), refused.err());
        assertTrue(refused.err().contains("add its folder with --read-dir"), refused.err());
        Result run = dmlemu("run", model.toString(), "--backend", "emulator", "--read-dir", dir.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals(List.of("Resource 'output': 3, 1"), run.outLines());
    }

    /** Bits no decimal carries (-0, a NaN payload) survive --inline-values: the resource holds them as UINT32. */
    @Test
    void inlineValuesKeepEveryBit() throws IOException {
        ByteBuffer bits = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0x8000_0000).putInt(0x7FC0_0001).putInt(0x3FC0_0000).flip();
        Path data = npy("data.npy", TensorDataType.FLOAT32, shape(3), bits);
        Path idx = int32s("indices.npy", shape(3), 2, 1, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--print-desc", "--inline-values"));
        assertEquals(0, r.code(), r.err());
        JsonNode resource = new ObjectMapper().readTree(r.out()).get("resources").get("data");
        assertEquals("UINT32", resource.get("initialValuesDataType").asText());
        assertEquals("[2147483648,2143289345,1069547520]", resource.get("initialValues").toString());
        assertRoundTrip(true, args("onnx", "--data", data, "--indices", idx, "--backend", "emulator"));
        // Plain floats stay readable.
        Path plain = floats("plain.npy", shape(3), 0.1f, -2.5f, Float.POSITIVE_INFINITY);
        Result p = dmlemu(args("onnx", "--data", plain, "--indices", idx, "--print-desc", "--inline-values"));
        JsonNode plainResource = new ObjectMapper().readTree(p.out()).get("resources").get("data");
        assertEquals("FLOAT32", plainResource.get("initialValuesDataType").asText());
        assertEquals("[0.1,-2.5,\"inf\"]", plainResource.get("initialValues").toString());
    }

    // ---- --out -----------------------------------------------------------------------------------------------

    @Test
    void outIsWrittenWithTheIndicesShapeAndTheDataDtype() throws IOException {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2, 3), 1, 2, 0, 2, 0, 0);
        Path target = dir.resolve("y.npy");
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--out", target, "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("wrote " + target), r.err());
        NpyFile.Array back = NpyFile.read(target);
        assertEquals(TensorDataType.FLOAT32, back.dataType());
        assertEquals(shape(2, 3), back.shape());
        float[] values = new float[6];
        back.data().asFloatBuffer().get(values);
        assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3}, values);
    }

    @Test
    void boolDataStaysBool() throws IOException {
        Path data = dir.resolve("data.npy");
        NpyFile.write(data, "|b1", shape(2, 2), ByteBuffer.wrap(new byte[] {1, 0, 0, 1}));
        Path idx = int32s("indices.npy", shape(2, 2), 0, 0, 1, 0);
        Path target = dir.resolve("y.npy");
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--axis", 1, "--out", target,
                "--feature-level", "2_1"));
        assertEquals(0, r.code(), r.err());
        // [[T, F], [F, T]] gathered along axis 1 by [[0, 0], [1, 0]]: [[T, T], [T, F]].
        assertEquals(List.of("Output: 1, 1, 1, 0", "Shape: [2, 2], type: bool"), r.outLines());
        assertEquals("|b1", NpyFile.readHeader(target).descr());
        byte[] bytes = new byte[4];
        NpyFile.read(target).data().get(bytes);
        assertArrayEquals(new byte[] {1, 1, 1, 0}, bytes);
    }

    @Test
    void outMustBeNpy() {
        Path data = floats("data.npy", shape(2), 1, 2);
        Path idx = int32s("indices.npy", shape(2), 1, 0);
        Result r = dmlemu(args("onnx", "--data", data, "--indices", idx, "--out", dir.resolve("y.csv")));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("writes .npy files only"), r.err());
        Path nowhere = dir.resolve("missing").resolve("y.npy");
        Result missingDir = dmlemu(args("onnx", "--data", data, "--indices", idx, "--out", nowhere));
        assertEquals(2, missingDir.code());
        assertTrue(missingDir.err().contains("--out " + nowhere + ": is in a folder that does not exist ("
                + dir.resolve("missing") + ")"), missingDir.err());
    }

    /** The bundled example (examples/README.md shows this output). */
    @Test
    void bundledExample() {
        Path example = Path.of("..", "examples", "onnx");
        Result r = dmlemu(args("onnx", "--data", example.resolve("data.npy"), "--indices",
                example.resolve("indices.npy"), "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("Output: 7, 5, 3, 4, 2, 3", "Shape: [2, 3], type: float"), r.outLines());
    }

    // ---- Gather front doors ----------------------------------------------------------------------------------

    static Stream<Arguments> onnxGatherFrontendsAndLevels() {
        List<Arguments> cases = new ArrayList<>();
        for (String frontend : List.of("onnx-gather-13", "onnx-gather-11", "onnx-gather-1")) {
            for (String level : List.of("1_0", "2_1", "3_0", "6_4")) {
                cases.add(Arguments.of(frontend, level));
            }
        }
        return cases.stream();
    }

    /**
     * ONNX Gather, Example 1 (the same in Gather-1, -11 and -13): data [[1.0, 1.2], [2.3, 3.4], [4.5, 5.7]], indices
     * [[0, 1], [1, 2]], axis 0 -> [[[1.0, 1.2], [2.3, 3.4]], [[2.3, 3.4], [4.5, 5.7]]].
     */
    @ParameterizedTest(name = "{0} at {1}")
    @MethodSource("onnxGatherFrontendsAndLevels")
    void onnxGatherExample1(String frontend, String level) {
        Path data = floats("data.npy", shape(3, 2), 1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f);
        Path idx = int64s("indices.npy", shape(2, 2), 0, 1, 1, 2);
        Result r = dmlemu(args("onnx", "--frontend", frontend, "--data", data, "--indices", idx, "--feature-level",
                level, "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("Output: 1, 1.2, 2.3, 3.4, 2.3, 3.4, 4.5, 5.7", "Shape: [2, 2, 2], type: float"),
                r.outLines());
    }

    /**
     * ONNX Gather, Example 2: data [[1.0, 1.2, 1.9], [2.3, 3.4, 3.9], [4.5, 5.7, 5.9]], indices [[0, 2]], axis 1 ->
     * [[[1.0, 1.9]], [[2.3, 3.9]], [[4.5, 5.9]]]: shape data[:1] ++ [1, 2] = [3, 1, 2].
     */
    @ParameterizedTest(name = "{0} at {1}")
    @MethodSource("onnxGatherFrontendsAndLevels")
    void onnxGatherExample2(String frontend, String level) {
        Path data = floats("data.npy", shape(3, 3), 1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f, 5.9f);
        Path idx = int32s("indices.npy", shape(1, 2), 0, 2);
        Result r = dmlemu(args("onnx", "--frontend", frontend, "--data", data, "--indices", idx, "--axis", 1,
                "--feature-level", level, "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("Output: 1, 1.9, 2.3, 3.9, 4.5, 5.9", "Shape: [3, 1, 2], type: float"), r.outLines());
    }

    /**
     * Negative indices count from the end in Gather-11 and -13 ([0, -9, -10] on 0..9: [0, 1, 0]) and need 3_0;
     * Gather-1 bounds indices to [0, s-1], so the strict check refuses -9.
     */
    @Test
    void onnxGatherNegativeIndices() {
        Path data = floats("data.npy", shape(10), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(3), 0, -9, -10);
        for (String frontend : List.of("onnx-gather-13", "onnx-gather-11")) {
            Result r = dmlemu(args("onnx", "--frontend", frontend, "--data", data, "--indices", idx, "--backend",
                    "emulator"));
            assertEquals(0, r.code(), r.err());
            assertEquals(List.of("Output: 0, 1, 0", "Shape: [3], type: float"), r.outLines());
            Result at21 = dmlemu(args("onnx", "--frontend", frontend, "--data", data, "--indices", idx,
                    "--feature-level", "2_1", "--backend", "emulator"));
            assertEquals(1, at21.code(), at21.err());
            assertTrue(at21.err().contains("NEGATIVE_INDICES_NEED_3_0") && at21.err().contains("indices[1] = -9"),
                    at21.err());
        }
        Result gather1 = dmlemu(args("onnx", "--frontend", "onnx-gather-1", "--data", data, "--indices", idx,
                "--backend", "emulator"));
        assertEquals(2, gather1.code());
        assertTrue(gather1.err().contains("indices[1] = -9 is out of range: data axis 0 has size 10, so ONNX Gather-1 "
                + "indices must lie in [0, 9]"), gather1.err());
    }

    /** A 0-d index (ONNX's shape table: data (P, Q), scalar index, axis 0 -> (Q)): row 1 of [[1,2,3],[4,5,6]]. */
    @Test
    void scalarIndices() {
        Path data = floats("data.npy", shape(2, 3), 1, 2, 3, 4, 5, 6);
        Path row = int64s("row.npy", shape(), 1);
        for (String level : List.of("2_1", "6_4")) {
            Result r = dmlemu(args("onnx", "--frontend", "onnx-gather-13", "--data", data, "--indices", row,
                    "--feature-level", level, "--backend", "emulator"));
            assertEquals(0, r.code(), r.err());
            assertEquals(List.of("Output: 4, 5, 6", "Shape: [3], type: float"), r.outLines());
        }
        // Rank-1 data and a scalar index give a scalar: element 2 of [7, 8, 9].
        Path vector = floats("vector.npy", shape(3), 7, 8, 9);
        Path two = int32s("two.npy", shape(), 2);
        Result scalar = dmlemu(args("onnx", "--frontend", "openvino-gather-1", "--axis", 0, "--data", vector,
                "--indices", two, "--backend", "emulator"));
        assertEquals(0, scalar.code(), scalar.err());
        assertEquals(List.of("Output: 9", "Shape: [], type: float"), scalar.outLines());
    }

    @Test
    void openVinoGatherRequiresTheAxis() {
        Path data = floats("data.npy", shape(2, 2), 1, 2, 3, 4);
        Path idx = int32s("indices.npy", shape(1), 1);
        Result r = dmlemu(args("onnx", "--frontend", "openvino-gather-1", "--data", data, "--indices", idx));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--axis is required with --frontend openvino-gather-1 (OpenVINO Gather-1 has no "
                + "default axis)"), r.err());
    }

    /** openvino-Gather-1.rst's example ([6,12,10,24] by [15,4,20,28] along axis 1): the documented output shape. */
    @Test
    void openVinoGatherSeedExampleHasTheDocumentedShape() throws IOException {
        Path data = floats("data.npy", shape(6, 12, 10, 24), new float[6 * 12 * 10 * 24]);
        Path idx = int32s("indices.npy", shape(15, 4, 20, 28), new int[15 * 4 * 20 * 28]);
        Result at64 = dmlemu(args("onnx", "--frontend", "openvino-gather-1", "--data", data, "--indices", idx,
                "--axis", 1, "--print-desc"));
        assertEquals(0, at64.code(), at64.err());
        JsonNode gather = new ObjectMapper().readTree(at64.out()).get("dispatchables").get("gather");
        assertEquals("GATHER", gather.get("type").asText());
        JsonNode desc = gather.get("desc");
        assertEquals("[6,15,4,20,28,10,24]", desc.get("OutputTensor").get("Sizes").toString());
        assertEquals("[1,1,1,6,12,10,24]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("[1,1,1,15,4,20,28]", desc.get("IndicesTensor").get("Sizes").toString());
        assertEquals(4, desc.get("Axis").asInt());
        assertEquals(4, desc.get("IndexDimensions").asInt());
        // At 2_1 the 7 dimensions are merged into 4: [6,15,4,20,28,10,24] is [6, 15*4*20*28, 10*24].
        Result at21 = dmlemu(args("onnx", "--frontend", "openvino-gather-1", "--data", data, "--indices", idx,
                "--axis", 1, "--feature-level", "2_1", "--print-desc"));
        assertEquals(0, at21.code(), at21.err());
        JsonNode merged = new ObjectMapper().readTree(at21.out()).get("dispatchables").get("gather").get("desc");
        assertEquals("[1,6,33600,240]", merged.get("OutputTensor").get("Sizes").toString());
        assertEquals(2, merged.get("Axis").asInt());
        assertEquals(1, merged.get("IndexDimensions").asInt());
    }

    @Test
    void gatherStrictRangeAndTheOtherPolicies() {
        // Index 3 on an axis of size 3. strict: an error naming it. directml (docs/directml-behaviour.md, 7.1): the
        // desc is input {3,3}, Axis 0; element offsets 3*3 + 0..2 = 9..11 lie past the last element (8) of the
        // 36-byte input, so each reads element 8, the value 9. clamp-axis reads row 2: 7, 8, 9.
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2), 0, 3);
        Result strict = dmlemu(args("onnx", "--frontend", "openvino-gather-1", "--axis", 0, "--data", data,
                "--indices", idx, "--backend", "emulator"));
        assertEquals(2, strict.code());
        assertTrue(strict.err().contains("indices[1] = 3 is out of range: data axis 0 has size 3, so OpenVINO Gather-1 "
                + "indices must lie in [0, 2]"), strict.err());
        Result directml = dmlemu(args("onnx", "--frontend", "openvino-gather-1", "--axis", 0, "--data", data,
                "--indices", idx, "--backend", "emulator", "--index-policy", "directml"));
        assertEquals(0, directml.code(), directml.err());
        assertEquals(List.of("Output: 1, 2, 3, 9, 9, 9", "Shape: [2, 3], type: float"), directml.outLines());
        Result clamp = dmlemu(args("onnx", "--frontend", "openvino-gather-1", "--axis", 0, "--data", data,
                "--indices", idx, "--backend", "emulator", "--index-policy", "clamp-axis"));
        assertEquals(0, clamp.code(), clamp.err());
        assertEquals("Output: 1, 2, 3, 7, 8, 9", clamp.outLines().get(0));
    }

    @Test
    void gatherJsonHasTheSameShapeAsGatherElements() throws IOException {
        Path data = floats("data.npy", shape(2, 3), 1, 2, 3, 4, 5, 6);
        Path idx = int32s("indices.npy", shape(2, 2), 2, 0, -1, 1);
        Result r = dmlemu(args("onnx", "--frontend", "onnx-gather-13", "--data", data, "--indices", idx, "--axis",
                -1, "--backend", "emulator", "--json"));
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(List.of("backend", "featureLevel", "indexPolicy", "resources", "timings", "files", "shape",
                "desc", "bindingNotes"), fieldNames(json));
        // out[p, i, j] = data[p, idx[i, j]]: row 0 [3, 1, 3, 2], row 1 [6, 4, 6, 5].
        assertEquals("[3.0,1.0,3.0,2.0,6.0,4.0,6.0,5.0]", json.get("resources").get("output").get("values").toString());
        assertEquals("FLOAT32", json.get("resources").get("output").get("dataType").asText());
        assertEquals("[2,2,2]", json.get("shape").toString());
        JsonNode desc = json.get("desc");
        assertEquals("[1,2,3]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("[1,2,2]", desc.get("IndicesTensor").get("Sizes").toString());
        assertEquals("INT32", desc.get("IndicesTensor").get("DataType").asText());
        assertEquals(2, desc.get("Axis").asInt());
        assertEquals(2, desc.get("IndexDimensions").asInt());
        assertEquals(3, json.get("bindingNotes").size());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void gatherPrintDescRoundTripsThroughRun() throws IOException {
        Path data = floats("data.npy", shape(2, 3, 2), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        Path idx = int64s("indices.npy", shape(2, 1, 2), 2, 0, 1, 1);
        for (String level : List.of("2_1", "3_0", "6_4")) {
            for (boolean inline : new boolean[] {false, true}) {
                assertRoundTrip(inline, args("onnx", "--frontend", "onnx-gather-11", "--data", data, "--indices",
                        idx, "--axis", 1, "--feature-level", level, "--backend", "emulator"));
            }
        }
        // Merged at 2_1: output rank 5 > 4.
        Result merged = dmlemu(args("onnx", "--frontend", "onnx-gather-11", "--data", data, "--indices", idx,
                "--axis", 1, "--feature-level", "2_1", "--print-desc"));
        JsonNode desc = new ObjectMapper().readTree(merged.out()).get("dispatchables").get("gather").get("desc");
        assertEquals("[1,2,4,2]", desc.get("OutputTensor").get("Sizes").toString());
    }

    /** bool data stays bool, and --out has the output's shape (not the indices'). */
    @Test
    void gatherOutHasTheOutputsShape() throws IOException {
        Path data = dir.resolve("data.npy");
        NpyFile.write(data, "|b1", shape(2, 2), ByteBuffer.wrap(new byte[] {1, 0, 0, 1}));
        Path idx = int32s("indices.npy", shape(1), 1);
        Path target = dir.resolve("y.npy");
        Result r = dmlemu(args("onnx", "--frontend", "onnx-gather-1", "--data", data, "--indices", idx, "--axis", 1,
                "--out", target, "--feature-level", "2_1", "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        // Column 1 of [[T, F], [F, T]]: [[F], [T]].
        assertEquals(List.of("Output: 0, 1", "Shape: [2, 1], type: bool"), r.outLines());
        assertEquals("|b1", NpyFile.readHeader(target).descr());
        assertEquals(shape(2, 1), NpyFile.read(target).shape());
    }

    // ---- budgets ---------------------------------------------------------------------------------------------

    /**
     * Gather-13 of a (1, 40000) row by 40000 indices is a (40000, 40000) output: 6.4 GB, refused by the resource
     * budget before anything is allocated (it overflowed an int and exited 70).
     */
    @Test
    void anOutputBeyondTheResourceBudgetIsRefused() {
        Path data = npy("data.npy", TensorDataType.FLOAT32, shape(1, 40000),
                ByteBuffer.allocate(160_000).order(ByteOrder.LITTLE_ENDIAN));
        Path idx = npy("indices.npy", TensorDataType.INT64, shape(40000),
                ByteBuffer.allocate(320_000).order(ByteOrder.LITTLE_ENDIAN));
        Result r = dmlemu(args("onnx", "--frontend", "onnx-gather-13", "--data", data, "--indices", idx,
                "--backend", "emulator"));
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("the inputs and the output need 12800"), r.err());
        assertTrue(r.err().contains("more than the limit of 268435456 bytes (raise it with --max-resource-bytes)"),
                r.err());
        assertFalse(r.err().contains("internal error"), r.err());
    }

    /** The GatherElements docs example reads and writes 9 + 6 + 6 = 21 elements. */
    @Test
    void theWorkBudgetCountsEveryTensor() {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2, 3), 1, 2, 0, 2, 0, 0);
        Result fits = dmlemu(args("onnx", "--data", data, "--indices", idx, "--backend", "emulator",
                "--max-elements", "21"));
        assertEquals(0, fits.code(), fits.err());
        Result over = dmlemu(args("onnx", "--data", data, "--indices", idx, "--backend", "emulator",
                "--max-elements", "20"));
        assertEquals(2, over.code(), over.err());
        assertTrue(over.err().contains("the dispatch would read and write 21 tensor elements"), over.err());
        assertTrue(over.err().contains("more than the limit of 20 (raise it with --max-elements)"), over.err());
    }

    /** 6 printed values count 26 bytes each; 15 inline values in a --print-desc model likewise. */
    @Test
    void theOutputBudgetCountsPrintedAndInlineValues() {
        Path data = floats("data.npy", shape(3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9);
        Path idx = int64s("indices.npy", shape(2, 3), 1, 2, 0, 2, 0, 0);
        Result printed = dmlemu(args("onnx", "--data", data, "--indices", idx, "--backend", "emulator",
                "--max-output-bytes", "155"));
        assertEquals(2, printed.code(), printed.err());
        assertTrue(printed.err().contains("its 6 output values would write about 156 bytes, more than the limit of"
                + " 155 (raise it with --max-output-bytes)"), printed.err());
        assertEquals(0, dmlemu(args("onnx", "--data", data, "--indices", idx, "--backend", "emulator",
                "--max-output-bytes", "156")).code());
        Result inline = dmlemu(args("onnx", "--data", data, "--indices", idx, "--print-desc", "--inline-values",
                "--max-output-bytes", "389"));
        assertEquals(2, inline.code(), inline.err());
        assertTrue(inline.err().contains("the model file with 15 inline values would write about 390 bytes"),
                inline.err());
        assertEquals(0, dmlemu(args("onnx", "--data", data, "--indices", idx, "--print-desc", "--inline-values",
                "--max-output-bytes", "390")).code());
    }

    // ---- unusable input --------------------------------------------------------------------------------------

    @Test
    void badNpyFilesExitWith2() throws IOException {
        Path idx = int32s("indices.npy", shape(2), 1, 0);
        Path garbage = Files.writeString(dir.resolve("garbage.npy"), "not numpy at all");
        Result r = dmlemu(args("onnx", "--data", garbage, "--indices", idx));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--data " + garbage + ": not a .npy file"), r.err());

        Path good = floats("good.npy", shape(2), 1, 2);
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = Files.write(dir.resolve("truncated.npy"), java.util.Arrays.copyOf(bytes, bytes.length - 2));
        Result lying = dmlemu(args("onnx", "--data", truncated, "--indices", idx));
        assertEquals(2, lying.code());
        assertTrue(lying.err().contains("header lies about its size"), lying.err());

        Result missing = dmlemu(args("onnx", "--data", good, "--indices", dir.resolve("nope.npy")));
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("--indices " + dir.resolve("nope.npy") + ": no such file"), missing.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--json", "--out"})
    void printDescDoesNotRun(String option) {
        Path data = floats("data.npy", shape(2), 1, 2);
        Path idx = int32s("indices.npy", shape(2), 1, 0);
        List<String> argv = new ArrayList<>(List.of(args("onnx", "--data", data, "--indices", idx, "--print-desc",
                option)));
        if (option.equals("--out")) {
            argv.add(dir.resolve("y.npy").toString());
        }
        Result r = dmlemu(argv.toArray(String[]::new));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("does not combine with " + option), r.err());
    }

    @Test
    void usageErrors() {
        Path data = floats("data.npy", shape(2), 1, 2);
        Path idx = int32s("indices.npy", shape(2), 1, 0);
        assertAll(
                () -> assertEquals(2, dmlemu(args("onnx", "--data", data)).code()),
                () -> assertEquals(2, dmlemu(args("onnx", "--data", data, "--indices", idx, "--frontend",
                        "tflite")).code()),
                () -> assertEquals(2, dmlemu(args("onnx", "--data", data, "--indices", idx, "--feature-level",
                        "9_9")).code()),
                () -> assertEquals(2, dmlemu(args("onnx", "--data", data, "--indices", idx,
                        "--inline-values")).code()),
                () -> assertEquals(3, dmlemu(args("onnx", "--data", data, "--indices", idx, "--backend",
                        "directml")).code()));
    }
}

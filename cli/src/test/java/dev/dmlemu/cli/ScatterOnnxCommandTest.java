package dev.dmlemu.cli;

import static dev.dmlemu.cli.OnnxCommandTest.dmlemu;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dmlemu onnx --frontend onnx-scatterelements-18|16|13|11} and {@code onnx-scatternd-18|16|13|11}: the lowered
 * desc, the options each version has, the framework's index rules (range and duplicate targets), and the output of a
 * run on the emulator, computed by hand from the ONNX specs' examples.
 */
class ScatterOnnxCommandTest {

    @TempDir
    Path dir;

    private Path floats(String name, List<Long> shape, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return npy(name, TensorDataType.FLOAT32, shape, b.flip());
    }

    private Path int64s(String name, List<Long> shape, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return npy(name, TensorDataType.INT64, shape, b.flip());
    }

    private Path npy(String name, TensorDataType type, List<Long> shape, ByteBuffer bytes) {
        Path path = dir.resolve(name);
        NpyFile.write(path, type, shape, bytes);
        return path;
    }

    private static String[] args(Object... parts) {
        return Stream.of(parts).map(Object::toString).toArray(String[]::new);
    }

    /** ONNX ScatterElements example 1: zeros [3,3], indices [[1,0,2],[0,2,1]], updates [[1,1.1,1.2],[2,2.1,2.2]]. */
    private Object[] elementsExample1(String frontend, Object... more) {
        Path data = floats("data.npy", List.of(3L, 3L), 0, 0, 0, 0, 0, 0, 0, 0, 0);
        Path indices = int64s("indices.npy", List.of(2L, 3L), 1, 0, 2, 0, 2, 1);
        Path updates = floats("updates.npy", List.of(2L, 3L), 1f, 1.1f, 1.2f, 2f, 2.1f, 2.2f);
        return Stream.concat(Stream.of("onnx", "--frontend", frontend, "--data", data, "--indices", indices,
                "--updates", updates, "--backend", "emulator"), Stream.of(more)).toArray();
    }

    private Object[] ndExample1(String frontend, long[] indexValues, Object... more) {
        Path data = floats("data.npy", List.of(8L), 1, 2, 3, 4, 5, 6, 7, 8);
        Path indices = int64s("indices.npy", List.of(4L, 1L), indexValues);
        Path updates = floats("updates.npy", List.of(4L), 9, 10, 11, 12);
        return Stream.concat(Stream.of("onnx", "--frontend", frontend, "--data", data, "--indices", indices,
                "--updates", updates, "--backend", "emulator"), Stream.of(more)).toArray();
    }

    @Test
    void scatterElementsExample1RunsForEveryVersion() {
        // output[indices[i][j]][j] = updates[i][j]: [[2, 1.1, 0], [1, 0, 2.2], [0, 2.1, 1.2]].
        for (String frontend : List.of("onnx-scatterelements-18", "onnx-scatterelements-16",
                "onnx-scatterelements-13", "onnx-scatterelements-11")) {
            OnnxCommandTest.Result r = dmlemu(args(elementsExample1(frontend)));
            assertEquals(0, r.code(), r.err());
            assertEquals("Output: 2, 1.1, 0, 1, 0, 2.2, 0, 2.1, 1.2\nShape: [3, 3], type: float\n", r.out(), frontend);
        }
    }

    @Test
    void scatterElementsExample2WithANegativeAxisAndIndex() {
        // ONNX's negative-indices example: [[1, 2, 3, 4, 5]], indices [[1, -3]], updates [[1.1, 2.1]], axis 1 (-1
        // here): [[1, 1.1, 2.1, 4, 5]].
        Path data = floats("data.npy", List.of(1L, 5L), 1, 2, 3, 4, 5);
        Path indices = int64s("indices.npy", List.of(1L, 2L), 1, -3);
        Path updates = floats("updates.npy", List.of(1L, 2L), 1.1f, 2.1f);
        OnnxCommandTest.Result r = dmlemu(args("onnx", "--frontend", "onnx-scatterelements-18", "--axis", -1,
                "--reduction", "none", "--data", data, "--indices", indices, "--updates", updates, "--backend",
                "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals("Output: 1, 1.1, 2.1, 4, 5\nShape: [1, 5], type: float\n", r.out());
    }

    @Test
    void printDescShowsTheScatterElementsDescBelow30() throws IOException {
        OnnxCommandTest.Result r = dmlemu(args(elementsExample1("onnx-scatterelements-13", "--feature-level", "2_1",
                "--print-desc")));
        assertEquals(0, r.code(), r.err());
        JsonNode scatter = new ObjectMapper().readTree(r.out()).get("dispatchables").get("scatter");
        assertEquals("SCATTER_ELEMENTS", scatter.get("type").asText());
        JsonNode desc = scatter.get("desc");
        assertEquals("[1,1,3,3]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("UINT32", desc.get("IndicesTensor").get("DataType").asText());
        assertEquals("[12,12,6,2]", desc.get("IndicesTensor").get("Strides").toString());
        assertEquals("[1,1,2,3]", desc.get("UpdatesTensor").get("Sizes").toString());
        assertEquals(2, desc.get("Axis").asInt());
        // The printed model runs to the same output.
        Path model = dir.resolve("scatter.json");
        Files.writeString(model, r.out());
        OnnxCommandTest.Result run = dmlemu(args("run", model, "--feature-level", "2_1", "--backend", "emulator"));
        assertEquals(0, run.code(), run.err());
        assertEquals("Resource 'output': 2, 1.1, 0, 1, 0, 2.2, 0, 2.1, 1.2\n", run.out());
    }

    @Test
    void scatterNdExample1AndItsDesc() throws IOException {
        long[] tuples = {4, 3, 1, 7};
        OnnxCommandTest.Result r = dmlemu(args(ndExample1("onnx-scatternd-11", tuples)));
        assertEquals(0, r.code(), r.err());
        assertEquals("Output: 1, 11, 3, 10, 9, 6, 7, 12\nShape: [8], type: float\n", r.out());
        OnnxCommandTest.Result printed = dmlemu(args(ndExample1("onnx-scatternd-18", tuples, "--print-desc")));
        JsonNode scatter = new ObjectMapper().readTree(printed.out()).get("dispatchables").get("scatter");
        assertEquals("SCATTER_ND", scatter.get("type").asText());
        assertEquals("[1,8]", scatter.get("desc").get("InputTensor").get("Sizes").toString());
        assertEquals("[4,1]", scatter.get("desc").get("IndicesTensor").get("Sizes").toString());
        assertEquals("[1,4]", scatter.get("desc").get("UpdatesTensor").get("Sizes").toString());
        assertEquals(1, scatter.get("desc").get("InputDimensionCount").asInt());
        assertEquals(2, scatter.get("desc").get("IndicesDimensionCount").asInt());
    }

    @Test
    void strictRefusesOutOfRangeAndDuplicateIndicesDirectmlRunsThemAndWarns() {
        OnnxCommandTest.Result outOfRange = dmlemu(args(ndExample1("onnx-scatternd-18", new long[] {4, 3, 1, 8})));
        assertEquals(2, outOfRange.code());
        assertTrue(outOfRange.err().contains("indices[3, 0] = 8 is out of range: data dimension 0 (coordinate 0 of "
                + "the index tuple) has size 8, so ONNX ScatterND-18 indices must lie in [-8, 7]"), outOfRange.err());

        long[] duplicate = {4, 3, 1, -5};
        OnnxCommandTest.Result strict = dmlemu(args(ndExample1("onnx-scatternd-18", duplicate)));
        assertEquals(2, strict.code());
        assertEquals("", strict.out());
        assertTrue(strict.err().contains("updates[1] (indices[1] = [3]) and updates[3] (indices[3] = [-5]) both "
                + "write output[3]: ONNX ScatterND-18 with reduction \"none\" leaves duplicate targets undefined"),
                strict.err());
        // DirectML's answer is not defined either; the emulator keeps the last write (12 on element 3) and warns.
        OnnxCommandTest.Result directml = dmlemu(args(ndExample1("onnx-scatternd-18", duplicate, "--index-policy",
                "directml")));
        assertEquals(0, directml.code(), directml.err());
        assertEquals("Output: 1, 11, 3, 12, 9, 6, 7, 8\nShape: [8], type: float\n", directml.out());
        assertTrue(directml.err().contains("dmlemu: warning: 1 update write landed on an output element an earlier "
                + "update had written"), directml.err());
    }

    @Test
    void reductionsOtherThanNoneAreRefusedWithTheRule() throws IOException {
        OnnxCommandTest.Result add = dmlemu(args(elementsExample1("onnx-scatterelements-16", "--reduction", "add")));
        assertEquals(1, add.code());
        assertTrue(add.err().contains("REDUCTION_NOT_SUPPORTED: ONNX ScatterElements-16: reduction \"add\""),
                add.err());
        OnnxCommandTest.Result max = dmlemu(args(elementsExample1("onnx-scatterelements-16", "--reduction", "max")));
        assertEquals(1, max.code());
        assertTrue(max.err().contains("REDUCTION_NOT_IN_OPERATOR_VERSION"), max.err());
        OnnxCommandTest.Result json = dmlemu(args(ndExample1("onnx-scatternd-18", new long[] {4, 3, 1, 7},
                "--reduction", "min", "--json")));
        assertEquals(1, json.code());
        assertEquals("REDUCTION_NOT_SUPPORTED", new ObjectMapper().readTree(json.out()).get("rule").asText());
    }

    @Test
    void optionsTheVersionLacksAreUsageErrors() {
        for (String frontend : List.of("onnx-scatterelements-13", "onnx-scatterelements-11")) {
            OnnxCommandTest.Result r = dmlemu(args(elementsExample1(frontend, "--reduction", "none")));
            assertEquals(2, r.code(), frontend);
            assertTrue(r.err().contains("--reduction does not apply to --frontend " + frontend), r.err());
        }
        OnnxCommandTest.Result axis = dmlemu(args(ndExample1("onnx-scatternd-18", new long[] {4, 3, 1, 7},
                "--axis", 0)));
        assertEquals(2, axis.code());
        assertTrue(axis.err().contains("--axis does not apply to --frontend onnx-scatternd-18"), axis.err());
        OnnxCommandTest.Result spelling = dmlemu(args(elementsExample1("onnx-scatterelements-18", "--reduction",
                "sum")));
        assertEquals(2, spelling.code());
        assertTrue(spelling.err().contains("--reduction sum: expected none, add, mul, max or min"), spelling.err());
    }

    @Test
    void updatesAreRequiredForScattersAndRefusedForGathers() {
        Path data = floats("data.npy", List.of(8L), 1, 2, 3, 4, 5, 6, 7, 8);
        Path indices = int64s("indices.npy", List.of(4L, 1L), 4, 3, 1, 7);
        OnnxCommandTest.Result missing = dmlemu(args("onnx", "--frontend", "onnx-scatternd-13", "--data", data,
                "--indices", indices));
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("--updates is required with --frontend onnx-scatternd-13"), missing.err());
        OnnxCommandTest.Result extra = dmlemu(args("onnx", "--frontend", "onnx-gathernd-13", "--data", data,
                "--indices", indices, "--updates", data));
        assertEquals(2, extra.code());
        assertTrue(extra.err().contains("--updates does not apply to --frontend onnx-gathernd-13"), extra.err());
        Path intUpdates = int64s("updates.npy", List.of(4L), 9, 10, 11, 12);
        OnnxCommandTest.Result type = dmlemu(args("onnx", "--frontend", "onnx-scatternd-13", "--data", data,
                "--indices", indices, "--updates", intUpdates));
        assertEquals(2, type.code());
        assertTrue(type.err().contains("must have the data's type float"), type.err());
    }
}

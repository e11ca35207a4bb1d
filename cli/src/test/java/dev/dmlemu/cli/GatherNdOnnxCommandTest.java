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
 * {@code dmlemu onnx --frontend onnx-gathernd-13|12|11}: the lowered desc, the framework's index rules, and the
 * output of a run on the emulator. The data are ONNX GatherND's examples
 * ({@code data = [[[0,1],[2,3]],[[4,5],[6,7]]]}).
 */
class GatherNdOnnxCommandTest {

    @TempDir
    Path dir;

    private Path data() {
        ByteBuffer b = ByteBuffer.allocate(8 * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v = 0; v < 8; v++) {
            b.putFloat(v);
        }
        return npy("data.npy", TensorDataType.FLOAT32, List.of(2L, 2L, 2L), b.flip());
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

    private static JsonNode desc(OnnxCommandTest.Result printed) throws IOException {
        return new ObjectMapper().readTree(printed.out()).get("dispatchables").get("gather");
    }

    /** ONNX example 5: batch_dims 1, indices [[1],[0]] -> GATHER_ND1 with the counts of the ranks. */
    @Test
    void printDescShowsTheGatherNd1DescOfOnnxExample5() throws IOException {
        Path idx = int64s("indices.npy", List.of(2L, 1L), 1, 0);
        OnnxCommandTest.Result r = dmlemu(args("onnx", "--frontend", "onnx-gathernd-13", "--batch-dims", 1,
                "--data", data(), "--indices", idx, "--print-desc"));
        assertEquals(0, r.code(), r.err());
        JsonNode gather = desc(r);
        assertEquals("GATHER_ND1", gather.get("type").asText());
        JsonNode desc = gather.get("desc");
        assertEquals("[2,2,2]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("[1,2,1]", desc.get("IndicesTensor").get("Sizes").toString());
        assertEquals("INT64", desc.get("IndicesTensor").get("DataType").asText());
        assertEquals("[1,2,2]", desc.get("OutputTensor").get("Sizes").toString());
        assertEquals(3, desc.get("InputDimensionCount").asInt());
        assertEquals(2, desc.get("IndicesDimensionCount").asInt());
        assertEquals(1, desc.get("BatchDimensionCount").asInt());
        assertTrue(r.err().contains("lowered at DML_FEATURE_LEVEL_6_4"), r.err());

        // The printed model is what the validator accepts at that level.
        Path model = dir.resolve("gathernd.json");
        Files.writeString(model, r.out());
        OnnxCommandTest.Result valid = dmlemu(args("validate", model, "--feature-level", "6_4"));
        assertEquals(0, valid.code(), valid.out() + valid.err());
    }

    /** ONNX example 4 with GatherND-11 at 2_1: GATHER_ND in 4 dimensions, int64 indices read as UINT32 halves. */
    @Test
    void below30TheDescIs4DWithUint32Indices() throws IOException {
        Path idx = int64s("indices.npy", List.of(2L, 1L, 2L), 0, 1, 1, 0);
        OnnxCommandTest.Result r = dmlemu(args("onnx", "--frontend", "onnx-gathernd-11", "--data", data(),
                "--indices", idx, "--feature-level", "2_1", "--print-desc"));
        assertEquals(0, r.code(), r.err());
        JsonNode gather = desc(r);
        assertEquals("GATHER_ND", gather.get("type").asText());
        JsonNode indices = gather.get("desc").get("IndicesTensor");
        assertEquals("UINT32", indices.get("DataType").asText());
        assertEquals("[1,2,1,2]", indices.get("Sizes").toString());
        // Packed int64 strides [2,2,1] doubled, the padding spanning the whole tensor (2 * 4 = 8).
        assertEquals("[8,4,4,2]", indices.get("Strides").toString());
        assertEquals("[1,2,1,2]", gather.get("desc").get("OutputTensor").get("Sizes").toString());
        assertEquals(3, gather.get("desc").get("InputDimensionCount").asInt());
        assertEquals(3, gather.get("desc").get("IndicesDimensionCount").asInt());
    }

    /** ONNX example 5 ({@code batch_dims} 1) run on the emulator: {@code [[2, 3], [4, 5]]}, computed by hand. */
    @Test
    void runningGivesOnnxExampleFive() {
        Path idx = int64s("indices.npy", List.of(2L, 1L), 1, 0);
        OnnxCommandTest.Result r = dmlemu(args("onnx", "--frontend", "onnx-gathernd-13", "--batch-dims", 1,
                "--data", data(), "--indices", idx, "--backend", "emulator"));
        assertEquals(0, r.code(), r.err());
        assertEquals("Output: 2, 3, 4, 5\nShape: [2, 2], type: float\n", r.out());
    }

    /** Strict (the default) checks each tuple coordinate against its own data dimension, before anything else. */
    @Test
    void strictNamesTheTupleCoordinateAndDirectmlGoesOnToTheDesc() {
        Path idx = int64s("indices.npy", List.of(2L, 1L, 2L), 0, 1, 1, 2);
        OnnxCommandTest.Result strict = dmlemu(args("onnx", "--frontend", "onnx-gathernd-12", "--data", data(),
                "--indices", idx, "--print-desc"));
        assertEquals(2, strict.code());
        assertEquals("", strict.out());
        assertTrue(strict.err().contains("indices[1, 0, 1] = 2 is out of range: data dimension 1 (coordinate 1 of "
                + "the index tuple) has size 2, so ONNX GatherND-12 indices must lie in [-2, 1]"), strict.err());
        // Negative coordinates count from the end: -2 is in range.
        Path negative = int64s("negative.npy", List.of(2L, 1L, 2L), -2, -1, 1, -2);
        assertEquals(0, dmlemu(args("onnx", "--frontend", "onnx-gathernd-12", "--data", data(), "--indices",
                negative, "--print-desc")).code());
        OnnxCommandTest.Result directml = dmlemu(args("onnx", "--frontend", "onnx-gathernd-12", "--data", data(),
                "--indices", idx, "--index-policy", "directml", "--print-desc"));
        assertEquals(0, directml.code(), directml.err());
    }

    @Test
    void refusalsNameTheRuleAndTheLevel() throws IOException {
        Path idx = int64s("indices.npy", List.of(2L, 1L), 1, 0);
        OnnxCommandTest.Result r = dmlemu(args("onnx", "--frontend", "onnx-gathernd-13", "--batch-dims", 1,
                "--data", data(), "--indices", idx, "--feature-level", "2_1", "--json"));
        assertEquals(1, r.code());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("BATCH_DIMS_NEED_3_0", json.get("rule").asText());
        assertEquals("DML_FEATURE_LEVEL_3_0", json.get("acceptedFrom").asText());

        ByteBuffer int32 = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(0).flip();
        Path idx32 = npy("int32.npy", TensorDataType.INT32, List.of(2L, 1L), int32);
        OnnxCommandTest.Result types = dmlemu(args("onnx", "--frontend", "onnx-gathernd-13", "--data", data(),
                "--indices", idx32));
        assertEquals(1, types.code());
        assertTrue(types.err().contains("INDICES_TYPE_NOT_ALLOWED: ONNX GatherND-13: indices of type int32 are not "
                + "allowed; the operator takes int64 indices"), types.err());

        Path tooLong = int64s("long.npy", List.of(1L, 4L), 0, 0, 0, 0);
        OnnxCommandTest.Result tuple = dmlemu(args("onnx", "--frontend", "onnx-gathernd-13", "--data", data(),
                "--indices", tooLong));
        assertEquals(1, tuple.code());
        assertTrue(tuple.err().contains("INDEX_TUPLE_LENGTH_OUT_OF_RANGE"), tuple.err());
    }

    @Test
    void attributeOptionsMustBelongToTheOperatorVersion() {
        Path idx = int64s("indices.npy", List.of(2L, 1L), 1, 0);
        OnnxCommandTest.Result batchOn11 = dmlemu(args("onnx", "--frontend", "onnx-gathernd-11", "--batch-dims", 1,
                "--data", data(), "--indices", idx));
        assertEquals(2, batchOn11.code());
        assertTrue(batchOn11.err().contains("--batch-dims does not apply to --frontend onnx-gathernd-11: ONNX "
                + "GatherND-11 has no batch_dims attribute"), batchOn11.err());
        OnnxCommandTest.Result axisOnNd = dmlemu(args("onnx", "--frontend", "onnx-gathernd-13", "--axis", 0,
                "--data", data(), "--indices", idx));
        assertEquals(2, axisOnNd.code());
        assertTrue(axisOnNd.err().contains("--axis does not apply to --frontend onnx-gathernd-13: ONNX GatherND-13 "
                + "has no axis attribute"), axisOnNd.err());
        OnnxCommandTest.Result batchOnGather = dmlemu(args("onnx", "--frontend", "onnx-gather-13", "--batch-dims", 0,
                "--data", data(), "--indices", idx));
        assertEquals(2, batchOnGather.code());
        assertTrue(batchOnGather.err().contains("ONNX Gather-13 has no batch_dims attribute"), batchOnGather.err());
    }
}

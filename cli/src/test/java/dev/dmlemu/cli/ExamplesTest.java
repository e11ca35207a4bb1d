package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every file in {@code examples/} runs and prints what examples/README.md says (values computed by hand). */
class ExamplesTest {

    private static Cli.Result run(String example) {
        return Cli.run("run", Cli.EXAMPLES.resolve(example).toString(), "--backend", "emulator");
    }

    @Test
    void docsExample() {
        // DML_GATHER_ELEMENTS_OPERATOR_DESC docs: input [[1,2,3],[4,5,6],[7,8,9]], indices [[1,2,0],[2,0,0]], axis 2
        // of 1x1x3x3 (rows): [[4, 8, 3], [7, 2, 3]].
        Cli.Result result = run("docs-example.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3\n", result.out());
    }

    @Test
    void onnxNegativeIndices() {
        // ONNX GatherElements-13 "negative_indices": indices [[-1, -2, 0], [-2, 0, 0]] on axis 0 read rows 2, 1, 0 and
        // 1, 0, 0: [[7, 5, 3], [4, 2, 3]], with INT32 and with INT64 indices.
        Cli.Result result = run("onnx-negative-indices.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'y32': 7, 5, 3, 4, 2, 3\nResource 'y64': 7, 5, 3, 4, 2, 3\n", result.out());
    }

    @Test
    void stridedAndBroadcastInputs() {
        // transposed: buffer [1..6] with Sizes [3, 2] and Strides [1, 3] is [[1, 4], [2, 5], [3, 6]]; indices
        // [[1, 0], [0, 0], [1, 1]] along the last axis give [[4, 1], [2, 2], [6, 6]].
        // broadcast: [10, 20, 30, 40] with row stride 0 is three equal rows; indices [[3, 0], [1, 1], [2, 3]] give
        // [[40, 10], [20, 20], [30, 40]].
        Cli.Result result = run("strided-broadcast.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y1': 4, 1, 2, 2, 6, 6\nResource 'Y2': 40, 10, 20, 20, 30, 40\n", result.out());
    }

    @Test
    void standAloneAndFusedActivations() {
        // X = [-2, -0, 1.5, 3, NaN]: ACTIVATION_RELU is +0 where x is not above 0 (NaN too); ADD1 of X and zeros with
        // a fused RELU is x * 0 below zero (-2 gives -0; -0 + 0 = +0) and keeps the NaN; LEAKY_RELU with Alpha 0.5
        // halves -2 and passes -0 and the NaN.
        Cli.Result result = run("activations.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'relu': 0, 0, 1.5, 3, 0\nResource 'fusedRelu': -0, 0, 1.5, 3, nan\n"
                + "Resource 'leakyRelu': -1, -0, 1.5, 3, nan\n", result.out());
    }

    @Test
    void integerAndQuantizedMatrixProducts() {
        // A - 128 = [[2, 0, -2], [127, -128, 0]] times B = [[1, 2], [3, -4], [5, 6]]: [[-8, -8], [-257, 766]]. Halved
        // (scales 1, 1, output scale 2): -4, -4, -128.5, 383; half to even -128; plus 128; clamped to UINT8.
        Cli.Result result = run("quantized-matmul.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'sums': -8, -8, -257, 766\nResource 'requantized': 124, 124, 0, 255\n", result.out());
    }

    @Test
    void int4Blocks() {
        // Blocks of 4 along each row: scales 0.5, 0.25, 2, 0.125, zero points 0, 1, -1, 2. (w - z) * s, then
        // rint(x / s) + z gives w back.
        Cli.Result result = run("int4-blocks.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'dequantized': -4, -1.5, 0, 3.5, 0, 0.25, 0.5, 0.75, 12, -8, 14, -10, -0.375, -0.5,"
                + " 0.625, -1.25\nResource 'requantized': -8, -3, 0, 7, 1, 2, 3, 4, 5, -5, 6, -6, -1, -2, 7, -8\n",
                result.out());
    }

    @Test
    void npyBacked() {
        // ONNX GatherElements example 1: data [[1, 2], [3, 4]], indices [[0, 0], [1, 0]] (int64 .npy), axis 1:
        // [[1, 1], [4, 3]].
        Cli.Result result = run("npy-backed.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'y': 1, 1, 4, 3\n", result.out());
    }

    @Test
    void dxdispatchFeatures(@TempDir Path out) throws IOException {
        // npy-backed.json written with DxDispatch's features: the same output [[1, 1], [4, 3]]. Verbose lines carry
        // the binary32 bits: 1 = 0x3F800000, 4 = 0x40800000, 3 = 0x40400000.
        Cli.Result result = Cli.run("run", Cli.EXAMPLES.resolve("dxdispatch-features.json").toString(), "--backend",
                "emulator", "--output-dir", out.toString());
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'y':\n[0] 1 (0x3F800000)\n[1] 1 (0x3F800000)\n[2] 4 (0x40800000)\n"
                + "[3] 3 (0x40400000)\n", result.out());
        // The .dat file is the buffer's 16 bytes: the four floats, little-endian.
        ByteBuffer expected = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putFloat(1).putFloat(1)
                .putFloat(4).putFloat(3);
        assertArrayEquals(expected.array(), Files.readAllBytes(out.resolve("dxdispatch-features-y.dat")));
    }

    @Test
    void gather() {
        // X = [[1, 2], [3, 4], [5, 6]] (1x1x3x2) gathered along its rows by [0, 1, 1, 2]: [[1, 2], [3, 4], [3, 4],
        // [5, 6]]. X read as [[1, 2, 3], [4, 5, 6]] (1x1x2x3), columns picked by [[2, 0], [1, 1]]
        // (IndexDimensions 2): out[r, i, j] = X[r, idx[i, j]] = [[[3, 1], [2, 2]], [[6, 4], [5, 5]]].
        Cli.Result result = run("gather.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'rows': 1, 2, 3, 4, 3, 4, 5, 6\nResource 'columns': 3, 1, 2, 2, 6, 4, 5, 5\n",
                result.out());
    }

    @Test
    void gatherNd() {
        // X = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]. pickCells: tuples (-1, 0), (0, -1), (1, 1), each coordinate counting
        // from the end of its own dimension when negative: X[2, 0], X[0, 2], X[1, 1] = [7, 3, 5]. pickRows: tuples
        // (2) and (0) pick whole rows: [[7, 8, 9], [1, 2, 3]].
        Cli.Result result = run("gather-nd.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'cells': 7, 3, 5\nResource 'rows': 7, 8, 9, 1, 2, 3\n", result.out());
    }

    @Test
    void scatter() {
        // grid = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]. setColumns writes 10, 20, 30 at columns 2, 0, 1 of rows 0, 1, 2;
        // replaceRows writes [10, 11, 12] over row 2 and [20, 21, 22] over row 0. The real DirectML.dll gives the same.
        Cli.Result result = run("scatter.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'withColumns': 1, 2, 10, 20, 5, 6, 7, 30, 9\n"
                + "Resource 'withRows': 20, 21, 22, 4, 5, 6, 10, 11, 12\n", result.out());
    }

    @Test
    void gatherNd1() {
        // X = two batches of 3x2 rows, [[1, 2], [3, 4], [5, 6]] and [[7, 8], [9, 10], [11, 12]]; BatchDimensionCount 1,
        // batch 0 picks rows 2 and 0, batch 1 rows 1 and 1: [[[5, 6], [1, 2]], [[9, 10], [9, 10]]].
        Cli.Result result = run("gather-nd1.json");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 5, 6, 1, 2, 9, 10, 9, 10\n", result.out());
    }

    @Test
    void invalidModelStopsWithItsDiagnostics() {
        Cli.Result result = run("invalid-several-diagnostics.json");
        assertEquals(1, result.code());
        assertEquals("", result.out());
        assertEquals(List.of("backend: emulator, feature level: DML_FEATURE_LEVEL_6_4, index policy: directml",
                "ge: error AXIS_OUT_OF_RANGE Axis: 3 is out of range [0, 3) (InputTensor.DimensionCount is 3)",
                "invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it"),
                List.of(result.err().split("\n")));
    }

    @Test
    void openVinoGatherFrontDoor() {
        // data [[1, 2, 3], [4, 5, 6]], indices [[2, 0], [1, 1]], axis -1 (1): out[p, i, j] = data[p, idx[i, j]], shape
        // data[:1] ++ [2, 2] = [2, 2, 2]: [[[3, 1], [2, 2]], [[6, 4], [5, 5]]]. The same below 3_0 (4-D, UINT32
        // indices), down to 1_0.
        java.nio.file.Path folder = Cli.EXAMPLES.resolve("openvino-gather");
        String[] node = {"onnx", "--frontend", "openvino-gather-1", "--data", folder.resolve("data.npy").toString(),
            "--indices", folder.resolve("indices.npy").toString(), "--axis", "-1", "--backend", "emulator"};
        for (String level : List.of("6_4", "2_1", "1_0")) {
            Cli.Result result = Cli.run(concat(node, "--feature-level", level));
            assertEquals(0, result.code(), result.err());
            assertEquals("Output: 3, 1, 2, 2, 6, 4, 5, 5\nShape: [2, 2, 2], type: float\n", result.out());
        }
        // The desc the README describes: one DimensionCount (3), Axis 1 + 1, IndexDimensions 2.
        com.fasterxml.jackson.databind.JsonNode desc = Cli.run(concat(node, "--json")).json().get("desc");
        assertEquals("[1,2,3]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("[1,2,2]", desc.get("IndicesTensor").get("Sizes").toString());
        assertEquals("[2,2,2]", desc.get("OutputTensor").get("Sizes").toString());
        assertEquals(2, desc.get("Axis").asInt());
        assertEquals(2, desc.get("IndexDimensions").asInt());
    }

    @Test
    void onnxGatherNdFrontDoor() {
        // ONNX GatherND example 5: data [[[0, 1], [2, 3]], [[4, 5], [6, 7]]], indices [[1], [0]], batch_dims 1:
        // output[b, :] = data[b, indices[b, 0], :] = [[2, 3], [4, 5]].
        java.nio.file.Path folder = Cli.EXAMPLES.resolve("onnx-gathernd");
        String[] node = {"onnx", "--frontend", "onnx-gathernd-13", "--batch-dims", "1", "--data",
            folder.resolve("data.npy").toString(), "--indices", folder.resolve("indices.npy").toString(),
            "--backend", "emulator"};
        Cli.Result run = Cli.run(node);
        assertEquals(0, run.code(), run.err());
        assertEquals("Output: 2, 3, 4, 5\nShape: [2, 2], type: float\n", run.out());
        // The desc the README describes.
        Cli.Result printed = Cli.run(concat(node, "--print-desc"));
        assertEquals(0, printed.code(), printed.err());
        com.fasterxml.jackson.databind.JsonNode gather = printed.json().get("dispatchables").get("gather");
        assertEquals("GATHER_ND1", gather.get("type").asText());
        com.fasterxml.jackson.databind.JsonNode desc = gather.get("desc");
        assertEquals("[2,2,2]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("[1,2,1]", desc.get("IndicesTensor").get("Sizes").toString());
        assertEquals("[1,2,2]", desc.get("OutputTensor").get("Sizes").toString());
        assertEquals(3, desc.get("InputDimensionCount").asInt());
        assertEquals(2, desc.get("IndicesDimensionCount").asInt());
        assertEquals(1, desc.get("BatchDimensionCount").asInt());
        // Without batch_dims: GATHER_ND, output [2] ++ [2, 2].
        String[] noBatch = {"onnx", "--frontend", "onnx-gathernd-13", "--data", folder.resolve("data.npy").toString(),
            "--indices", folder.resolve("indices.npy").toString(), "--print-desc"};
        for (String level : List.of("6_4", "2_1")) {
            com.fasterxml.jackson.databind.JsonNode plain = Cli.run(concat(noBatch, "--feature-level", level)).json()
                    .get("dispatchables").get("gather");
            assertEquals("GATHER_ND", plain.get("type").asText());
            assertEquals(level.equals("6_4") ? "[2,2,2]" : "[1,2,2,2]",
                    plain.get("desc").get("OutputTensor").get("Sizes").toString());
        }
    }

    @Test
    void onnxScatterNdFrontDoor() {
        // ONNX ScatterND example 1: data 1..8, indices [[4], [3], [1], [7]], updates 9 10 11 12: element 4 becomes 9,
        // 3 becomes 10, 1 becomes 11, 7 becomes 12.
        java.nio.file.Path folder = Cli.EXAMPLES.resolve("onnx-scatternd");
        String[] node = {"onnx", "--frontend", "onnx-scatternd-18", "--data", folder.resolve("data.npy").toString(),
            "--indices", folder.resolve("indices.npy").toString(), "--updates",
            folder.resolve("updates.npy").toString(), "--backend", "emulator"};
        Cli.Result run = Cli.run(node);
        assertEquals(0, run.code(), run.err());
        assertEquals("Output: 1, 11, 3, 10, 9, 6, 7, 12\nShape: [8], type: float\n", run.out());
        // The desc the README describes, at the highest level and at 2_1.
        com.fasterxml.jackson.databind.JsonNode scatter = Cli.run(concat(node, "--print-desc")).json()
                .get("dispatchables").get("scatter");
        assertEquals("SCATTER_ND", scatter.get("type").asText());
        com.fasterxml.jackson.databind.JsonNode desc = scatter.get("desc");
        assertEquals("[1,8]", desc.get("InputTensor").get("Sizes").toString());
        assertEquals("[4,1]", desc.get("IndicesTensor").get("Sizes").toString());
        assertEquals("[1,4]", desc.get("UpdatesTensor").get("Sizes").toString());
        assertEquals("[1,8]", desc.get("OutputTensor").get("Sizes").toString());
        assertEquals(1, desc.get("InputDimensionCount").asInt());
        assertEquals(2, desc.get("IndicesDimensionCount").asInt());
        com.fasterxml.jackson.databind.JsonNode at21 = Cli.run(concat(node, "--print-desc", "--feature-level", "2_1"))
                .json().get("dispatchables").get("scatter").get("desc");
        assertEquals("[1,1,4,1]", at21.get("IndicesTensor").get("Sizes").toString());
        assertEquals("UINT32", at21.get("IndicesTensor").get("DataType").asText());
        assertEquals("[1,1,1,4]", at21.get("UpdatesTensor").get("Sizes").toString());
        Cli.Result run21 = Cli.run(concat(node, "--feature-level", "2_1"));
        assertEquals("Output: 1, 11, 3, 10, 9, 6, 7, 12\nShape: [8], type: float\n", run21.out(), run21.err());
    }

    private static String[] concat(String[] first, String... more) {
        return Stream.concat(Stream.of(first), Stream.of(more)).toArray(String[]::new);
    }

    @Test
    void everyFrontDoorFolderIsCovered() throws Exception {
        // onnx/ is run by OnnxCommandTest.bundledExample, openvino-gather/, onnx-gathernd/ and onnx-scatternd/ above.
        try (Stream<java.nio.file.Path> entries = Files.list(Cli.EXAMPLES)) {
            assertEquals(List.of("onnx", "onnx-gathernd", "onnx-scatternd", "openvino-gather"), entries.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void everyExampleIsCovered() throws Exception {
        try (Stream<java.nio.file.Path> files = Files.list(Cli.EXAMPLES)) {
            assertEquals(List.of("activations.json", "docs-example.json", "dxdispatch-features.json", "gather-nd.json",
                    "gather-nd1.json", "gather.json", "int4-blocks.json", "invalid-several-diagnostics.json",
                    "npy-backed.json",
                    "onnx-negative-indices.json", "quantized-matmul.json", "scatter.json", "strided-broadcast.json"),
                    files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList());
        }
    }
}

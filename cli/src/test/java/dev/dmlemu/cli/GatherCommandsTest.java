package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code levels}, {@code validate} and {@code min-level} on DML_OPERATOR_GATHER. Expected tables are the DirectML
 * docs' ("DML_GATHER_OPERATOR_DESC", "Availability" and "Tensor support"); expected verdicts are worked out by hand
 * from the output formula and the measured rules (docs/directml-behaviour.md §10).
 */
class GatherCommandsTest {

    private static final String TYPES_2_1 = "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8";
    private static final String TYPES_4_1 =
            "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8";
    private static final String INDEX_TYPES_3_0 = "INT64, INT32, UINT64, UINT32";

    @TempDir
    Path dir;

    /** A model with one GATHER dispatchable {@code g} (no resources or commands: validation needs none). */
    private Path model(String dataType, String indexType, String inputSizes, String indicesSizes, String outputSizes,
            long axis, long indexDimensions) {
        String text = """
                {"resources": {}, "commands": [], "dispatchables": {
                  "g": {"type": "GATHER", "desc": {
                    "InputTensor": {"DataType": "%1$s", "Sizes": %3$s},
                    "IndicesTensor": {"DataType": "%2$s", "Sizes": %4$s},
                    "OutputTensor": {"DataType": "%1$s", "Sizes": %5$s},
                    "Axis": %6$d, "IndexDimensions": %7$d}}}}
                """.formatted(dataType, indexType, inputSizes, indicesSizes, outputSizes, axis, indexDimensions);
        return Cli.write(dir, "gather.json", text);
    }

    /** Input {1,2,3,3}, Axis 2, indices {1,1,1,2}, IndexDimensions 1: the output is {1,2} ++ {2} ++ {3}. */
    private Path fourD(String dataType, String indexType) {
        return model(dataType, indexType, "[1,2,3,3]", "[1,1,1,2]", "[1,2,2,3]", 2, 1);
    }

    @Test
    void levelsPrintsTheFourDocsTables() {
        Cli.Result result = Cli.run("levels", "--operator", "GATHER");
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals("DML_OPERATOR_GATHER: introduced in DML_FEATURE_LEVEL_1_0", lines.get(0));
        assertEquals("", lines.get(1));
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            rows.add(List.of(line.split("  +")));
        }
        assertEquals(13, rows.size(), result.out());
        assertEquals(List.of("Table", "Applies to", "Tensor", "Kind", "Dimensions", "Data types"), rows.get(0));
        assertEquals(List.of("1_0", "1_0, 2_0", "InputTensor", "input", "4", "FLOAT32, FLOAT16"), rows.get(1));
        assertEquals(List.of("", "IndicesTensor", "input", "4", "UINT32"), rows.get(2));
        assertEquals(List.of("", "OutputTensor", "output", "4", "FLOAT32, FLOAT16"), rows.get(3));
        assertEquals(List.of("2_1", "2_1", "InputTensor", "input", "4", TYPES_2_1), rows.get(4));
        assertEquals(List.of("", "IndicesTensor", "input", "4", "UINT32"), rows.get(5));
        assertEquals(List.of("3_0", "3_0, 3_1, 4_0", "InputTensor", "input", "1 to 8", TYPES_2_1), rows.get(7));
        assertEquals(List.of("", "IndicesTensor", "input", "1 to 8", INDEX_TYPES_3_0), rows.get(8));
        assertEquals(List.of("4_1", "4_1, 5_0, 5_1, 5_2, 6_0, 6_1, 6_2, 6_3, 6_4", "InputTensor", "input", "1 to 8",
                TYPES_4_1), rows.get(10));
        assertEquals(List.of("", "OutputTensor", "output", "1 to 8", TYPES_4_1), rows.get(12));
    }

    @Test
    void levelsJson() {
        Cli.Result result = Cli.run("levels", "--operator", "DML_OPERATOR_GATHER", "--json");
        assertEquals(0, result.code(), result.err());
        JsonNode root = result.json();
        assertEquals("DML_OPERATOR_GATHER", root.get("operator").asText());
        assertEquals("DML_FEATURE_LEVEL_1_0", root.get("introducedIn").asText());
        JsonNode tables = root.get("tables");
        assertEquals(4, tables.size());
        assertEquals("DML_FEATURE_LEVEL_1_0", tables.get(0).get("since").asText());
        assertEquals(List.of("DML_FEATURE_LEVEL_1_0", "DML_FEATURE_LEVEL_2_0"), texts(tables.get(0).get("appliesTo")));
        assertEquals(List.of("FLOAT32", "FLOAT16"), texts(tables.get(0).get("tensors").get(0).get("dataTypes")));
        JsonNode indices30 = tables.get(2).get("tensors").get(1);
        assertEquals(1, indices30.get("minDimensionCount").asInt());
        assertEquals(8, indices30.get("maxDimensionCount").asInt());
        assertEquals(List.of(INDEX_TYPES_3_0.split(", ")), texts(indices30.get("dataTypes")));
    }

    @Test
    void validateAFourDimensionalFloat32GatherAcceptedFrom1_0() {
        Path file = fourD("FLOAT32", "UINT32");
        Cli.Result atDefault = Cli.run("validate", file.toString());
        assertEquals(0, atDefault.code(), atDefault.out());
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_1_0\n", atDefault.out());
        Cli.Result at10 = Cli.run("validate", file.toString(), "--feature-level", "1_0");
        assertEquals(0, at10.code(), at10.out());
    }

    @Test
    void validateNamesEachProblemAndTheLevelThatAcceptsIt() {
        // INT8 data needs 2_1: at 1_0 the input and output types are refused, each naming 2_1.
        Cli.Result int8 = Cli.run("validate", fourD("INT8", "UINT32").toString(), "--feature-level", "1_0");
        assertEquals(1, int8.code());
        assertEquals(List.of(
                "g: error DATA_TYPE_UNSUPPORTED InputTensor.DataType: INT8 is not supported at DML_FEATURE_LEVEL_1_0 "
                        + "(allowed: FLOAT32, FLOAT16); INT8 needs DML_FEATURE_LEVEL_2_1",
                "g: error DATA_TYPE_UNSUPPORTED OutputTensor.DataType: INT8 is not supported at DML_FEATURE_LEVEL_1_0 "
                        + "(allowed: FLOAT32, FLOAT16); INT8 needs DML_FEATURE_LEVEL_2_1",
                "invalid at DML_FEATURE_LEVEL_1_0 (2 errors); lowest level that accepts it: DML_FEATURE_LEVEL_2_1"),
                int8.outLines());
        // Output {2,4} for the formula {4,2} (the referee's g_out_transposed_same_count): no level accepts it.
        Cli.Result transposed = Cli.run("validate",
                model("FLOAT32", "UINT32", "[3,2]", "[1,4]", "[2,4]", 0, 1).toString(), "--json");
        assertEquals(1, transposed.code());
        JsonNode json = transposed.json();
        assertTrue(json.get("minimumFeatureLevel").isNull());
        List<String> found = new ArrayList<>();
        json.get("diagnostics").forEach(d -> found.add(d.get("rule").asText() + " " + d.get("path").asText()));
        assertEquals(List.of("SIZES_MISMATCH OutputTensor.Sizes[0]", "SIZES_MISMATCH OutputTensor.Sizes[1]"), found);
    }

    @Test
    void validateShowsTheHeapBugWarningOnAnAcceptedDesc() {
        // Input {3,2}, indices {1,4}, Axis 0, IndexDimensions 2: {1,4,2} -> {4,2}, valid, but 2 - 1 > 0.
        Cli.Result result = Cli.run("validate", model("FLOAT32", "UINT32", "[3,2]", "[1,4]", "[4,2]", 0, 2).toString());
        assertEquals(0, result.code(), result.out());
        List<String> lines = result.outLines();
        assertEquals(2, lines.size(), result.out());
        assertTrue(lines.get(0).startsWith("g: warning HEAP_CORRUPTION_BUG IndexDimensions: IndexDimensions 2 - 1 > "
                + "Axis 0: DirectML.dll 1.15.4 accepts this desc"), lines.get(0));
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable, 1 warning); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_3_0", lines.get(1));
    }

    @Test
    void minLevelFollowsTheTables() {
        assertMinLevel(fourD("FLOAT32", "UINT32"), "DML_FEATURE_LEVEL_1_0");
        assertMinLevel(fourD("FLOAT16", "UINT32"), "DML_FEATURE_LEVEL_1_0");
        assertMinLevel(fourD("UINT8", "UINT32"), "DML_FEATURE_LEVEL_2_1");
        assertMinLevel(fourD("FLOAT32", "INT64"), "DML_FEATURE_LEVEL_3_0");
        assertMinLevel(model("FLOAT32", "UINT32", "[3,2]", "[1,4]", "[4,2]", 0, 1), "DML_FEATURE_LEVEL_3_0");
        assertMinLevel(fourD("FLOAT64", "UINT32"), "DML_FEATURE_LEVEL_4_1");
    }

    @Test
    void minLevelSaysWhyNoLevelAcceptsIt() {
        // IndexDimensions 0 with indices {1,3} along Axis 0: DirectML refuses more indices sizes than Axis.
        Cli.Result result = Cli.run("min-level", model("FLOAT32", "UINT32", "[3,3]", "[1,3]", "[1,3]", 0, 0)
                .toString());
        assertEquals(1, result.code());
        assertEquals("no feature level accepts 'g':\n  error SCALAR_INDEX_SIZES_NOT_1 IndicesTensor.Sizes: {1,3} with "
                + "IndexDimensions 0: after their leading 1s, the indices' sizes {3} must be the first sizes of the "
                + "input's {3,3} after its leading 1s, and at most Axis 0 of them (measured on DirectML.dll 1.15.4, "
                + "docs/directml-behaviour.md §10.4)\n",
                result.out());
    }

    private static void assertMinLevel(Path model, String expected) {
        Cli.Result result = Cli.run("min-level", model.toString());
        assertEquals(0, result.code(), result.err() + result.out());
        assertEquals(expected + "\n", result.out());
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}

package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code levels}, {@code validate}, {@code min-level} and {@code run} on DML_OPERATOR_GATHER_ND and GATHER_ND1.
 * Expected tables are the DirectML docs' ("DML_GATHER_ND_OPERATOR_DESC", "DML_GATHER_ND1_OPERATOR_DESC",
 * "Availability" and "Tensor support"); expected verdicts are worked out by hand from the measured output formula
 * (docs/directml-behaviour.md §11). Outputs of {@code run} are worked out by hand from the docs' examples.
 */
class GatherNdCommandsTest {

    private static final String TYPES_2_1 = "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8";
    private static final String INDEX_TYPES_3_0 = "INT64, INT32, UINT64, UINT32";

    @TempDir
    Path dir;

    /**
     * A model with one dispatchable {@code g} of {@code type} and a dispatch of it on resources of the right sizes;
     * {@code counts} are the desc's UINT fields as JSON members.
     */
    private Path model(String type, String dataType, String inputSizes, String indicesSizes, String outputSizes,
            String counts) {
        String text = """
                {"resources": {
                   "X": {"initialValuesDataType": "%2$s", "initialValues": {"valueCount": 64, "value": 1}},
                   "I": {"initialValuesDataType": "UINT32", "initialValues": {"valueCount": 64, "value": 0}},
                   "Y": {"initialValuesDataType": "%2$s", "initialValues": {"valueCount": 64, "value": 0}}},
                 "dispatchables": {
                  "g": {"type": "%1$s", "desc": {
                    "InputTensor": {"DataType": "%2$s", "Sizes": %3$s},
                    "IndicesTensor": {"DataType": "UINT32", "Sizes": %4$s},
                    "OutputTensor": {"DataType": "%2$s", "Sizes": %5$s},
                    %6$s}}},
                 "commands": [{"type": "dispatch", "dispatchable": "g",
                               "bindings": {"InputTensor": "X", "IndicesTensor": "I", "OutputTensor": "Y"}},
                              {"type": "print", "resource": "Y"}]}
                """.formatted(type, dataType, inputSizes, indicesSizes, outputSizes, counts);
        return Cli.write(dir, "gather-nd.json", text);
    }

    /** The docs' GATHER_ND example 2: {2} ++ {2} -> {1,1,2,2}, 4-D, so valid from 2_1. */
    private Path docsExample2(String dataType) {
        return model("GATHER_ND", dataType, "[1,2,2,2]", "[1,1,2,2]", "[1,1,2,2]",
                "\"InputDimensionCount\": 3, \"IndicesDimensionCount\": 2");
    }

    @Test
    void levelsPrintsTheDocsTablesOfEach() {
        Cli.Result nd = Cli.run("levels", "--operator", "GATHER_ND");
        assertEquals(0, nd.code(), nd.err());
        List<String> lines = nd.outLines();
        assertEquals("DML_OPERATOR_GATHER_ND: introduced in DML_FEATURE_LEVEL_2_1; not available at 1_0, 2_0", lines.get(0));
        List<List<String>> rows = rows(lines);
        assertEquals(10, rows.size(), nd.out());
        assertEquals(List.of("2_1", "2_1", "InputTensor", "input", "4", TYPES_2_1), rows.get(1));
        assertEquals(List.of("", "IndicesTensor", "input", "4", "UINT32"), rows.get(2));
        assertEquals(List.of("3_0", "3_0, 3_1, 4_0", "InputTensor", "input", "1 to 8", TYPES_2_1), rows.get(4));
        assertEquals(List.of("", "IndicesTensor", "input", "1 to 8", INDEX_TYPES_3_0), rows.get(5));
        Cli.Result nd1 = Cli.run("levels", "--operator", "DML_OPERATOR_GATHER_ND1");
        assertEquals(0, nd1.code(), nd1.err());
        assertEquals("DML_OPERATOR_GATHER_ND1: introduced in DML_FEATURE_LEVEL_3_0; not available at 1_0, 2_0, "
                + "2_1", nd1.outLines().get(0));
        assertEquals(7, rows(nd1.outLines()).size(), nd1.out());
    }

    @Test
    void validateAcceptsTheDocsExampleFrom2_1AndRefusesItAt2_0() {
        Cli.Result atDefault = Cli.run("validate", docsExample2("FLOAT32").toString());
        assertEquals(0, atDefault.code(), atDefault.out());
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_2_1\n", atDefault.out());
        Cli.Result at20 = Cli.run("validate", docsExample2("FLOAT32").toString(), "--feature-level", "2_0");
        assertEquals(1, at20.code(), at20.out());
        assertTrue(at20.outLines().get(0).startsWith("g: error OPERATOR_UNAVAILABLE Type: DML_OPERATOR_GATHER_ND is "
                + "not available at DML_FEATURE_LEVEL_2_0; it needs DML_FEATURE_LEVEL_2_1"), at20.out());
    }

    @Test
    void validateNamesATupleLongerThanTheInputDimensionsItIndexes() {
        // Input {1,3,3} with InputDimensionCount 2, indices {1,1,3}: 3 coordinates for 2 dimensions.
        Cli.Result result = Cli.run("validate", model("GATHER_ND", "FLOAT32", "[1,3,3]", "[1,1,3]", "[1,1,1]",
                "\"InputDimensionCount\": 2, \"IndicesDimensionCount\": 1").toString());
        assertEquals(1, result.code(), result.out());
        assertEquals(List.of("g: error INDEX_TUPLE_TOO_LONG IndicesTensor.Sizes[2]: the index tuple has 3 coordinates, "
                + "more than the 2 input dimensions it can index (InputDimensionCount 2)",
                "invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it"), result.outLines());
    }

    @Test
    void validateWarnsAboutBatchSizesThatDiffer() {
        // GATHER_ND1, batch 1: indices batch 5 against the input's 3; the output takes the indices' {5,2}.
        Cli.Result result = Cli.run("validate", model("GATHER_ND1", "FLOAT32", "[1,3,2,2]", "[1,5,2,2]", "[1,1,5,2]",
                "\"InputDimensionCount\": 3, \"IndicesDimensionCount\": 3, \"BatchDimensionCount\": 1").toString());
        assertEquals(0, result.code(), result.out());
        List<String> lines = result.outLines();
        assertEquals(2, lines.size(), result.out());
        assertTrue(lines.get(0).startsWith("g: warning BATCH_SIZES_DIFFER IndicesTensor.Sizes[1]: batch dimension 0 "
                + "has size 5 here and 3 in InputTensor.Sizes[1]"), lines.get(0));
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable, 1 warning); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_3_0", lines.get(1));
    }

    @Test
    void minLevelFollowsTheTables() {
        assertMinLevel(docsExample2("FLOAT32"), "DML_FEATURE_LEVEL_2_1");
        assertMinLevel(docsExample2("FLOAT64"), "DML_FEATURE_LEVEL_4_1");
        // 2-D needs the 3_0 block.
        assertMinLevel(model("GATHER_ND", "FLOAT32", "[2,2]", "[2,1]", "[2,2]",
                "\"InputDimensionCount\": 2, \"IndicesDimensionCount\": 2"), "DML_FEATURE_LEVEL_3_0");
        // GATHER_ND1 exists from 3_0, 4-D or not.
        assertMinLevel(model("GATHER_ND1", "FLOAT32", "[1,3,2,2]", "[1,3,2,2]", "[1,1,3,2]",
                "\"InputDimensionCount\": 3, \"IndicesDimensionCount\": 3, \"BatchDimensionCount\": 1"),
                "DML_FEATURE_LEVEL_3_0");
    }

    /**
     * The model's resources hold 1s (input) and 0s (indices), so every tuple reads input element 1 and the output's 4
     * elements are 1; the rest of Y keeps its 0s.
     */
    @Test
    void runExecutesBothOnTheEmulator() {
        Cli.Result nd = Cli.run("run", docsExample2("FLOAT32").toString(), "--backend", "emulator");
        assertEquals(0, nd.code(), nd.err());
        assertTrue(nd.out().startsWith("Resource 'Y': 1, 1, 1, 1, 0, 0"), nd.out());
        Cli.Result nd1 = Cli.run("run", model("GATHER_ND1", "FLOAT32", "[2,2]", "[2,1]", "[2,2]",
                "\"InputDimensionCount\": 2, \"IndicesDimensionCount\": 2, \"BatchDimensionCount\": 0").toString(),
                "--backend", "emulator");
        assertEquals(0, nd1.code(), nd1.err());
        assertTrue(nd1.out().startsWith("Resource 'Y': 1, 1, 1, 1, 0, 0"), nd1.out());
    }

    /**
     * The docs' GATHER_ND example 2 through {@code run}: input {1,2,2,2} = 0..7 as a sequence, tuples (0,1) and (1,0)
     * pick rows [2, 3] and [4, 5].
     */
    @Test
    void runGivesTheDocsExample() {
        Path model = Cli.write(dir, "docs-ex2.json", """
                {"resources": {
                   "X": {"initialValuesDataType": "INT32", "initialValues": [0, 1, 2, 3, 4, 5, 6, 7]},
                   "I": {"initialValuesDataType": "UINT32", "initialValues": [0, 1, 1, 0]},
                   "Y": {"initialValuesDataType": "INT32", "initialValues": {"valueCount": 4, "value": -1}}},
                 "dispatchables": {
                  "g": {"type": "GATHER_ND", "desc": {
                    "InputTensor": {"DataType": "INT32", "Sizes": [1,2,2,2]},
                    "IndicesTensor": {"DataType": "UINT32", "Sizes": [1,1,2,2]},
                    "OutputTensor": {"DataType": "INT32", "Sizes": [1,1,2,2]},
                    "InputDimensionCount": 3, "IndicesDimensionCount": 2}}},
                 "commands": [{"type": "dispatch", "dispatchable": "g",
                               "bindings": {"InputTensor": "X", "IndicesTensor": "I", "OutputTensor": "Y"}},
                              {"type": "print", "resource": "Y"}]}
                """);
        Cli.Result result = Cli.run("run", model.toString(), "--backend", "emulator");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 2, 3, 4, 5\n", result.out());
    }

    private static void assertMinLevel(Path model, String expected) {
        Cli.Result result = Cli.run("min-level", model.toString());
        assertEquals(0, result.code(), result.err() + result.out());
        assertEquals(expected + "\n", result.out());
    }

    /** The table's rows after the title and blank line, split into cells. */
    private static List<List<String>> rows(List<String> lines) {
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            rows.add(List.of(line.split("  +")));
        }
        return rows;
    }
}

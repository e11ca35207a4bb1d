package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code levels}, {@code validate} and {@code min-level} on DML_OPERATOR_SCATTER_ELEMENTS (alias
 * SCATTER) and SCATTER_ND. Expected tables are the DirectML docs' ("DML_SCATTER_ELEMENTS_OPERATOR_DESC",
 * "DML_SCATTER_ND_OPERATOR_DESC", "Availability" and "Tensor support"); expected verdicts are worked out by hand from
 * the measured rules (docs/directml-behaviour.md §12, §13). {@code run} is {@link ExamplesTest#scatter}.
 */
class ScatterCommandsTest {

    private static final String TYPES_2_1 = "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8";
    private static final String TYPES_4_1 = "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, "
            + "UINT16, UINT8";
    private static final String INDEX_TYPES_3_0 = "INT64, INT32, UINT64, UINT32";

    @TempDir
    Path dir;

    /**
     * A model with one dispatchable {@code s} of {@code type} and a dispatch of it on resources big enough;
     * {@code fields} are the desc's UINT fields as JSON members. The output has the input's sizes.
     */
    private Path model(String type, String dataType, String inputSizes, String indicesSizes, String updatesSizes,
            String fields) {
        String text = """
                {"resources": {
                   "X": {"initialValuesDataType": "%2$s", "initialValues": {"valueCount": 64, "value": 1}},
                   "I": {"initialValuesDataType": "UINT32", "initialValues": {"valueCount": 64, "value": 0}},
                   "U": {"initialValuesDataType": "%2$s", "initialValues": {"valueCount": 64, "value": 2}},
                   "Y": {"initialValuesDataType": "%2$s", "initialValues": {"valueCount": 64, "value": 0}}},
                 "dispatchables": {
                  "s": {"type": "%1$s", "desc": {
                    "InputTensor": {"DataType": "%2$s", "Sizes": %3$s},
                    "IndicesTensor": {"DataType": "UINT32", "Sizes": %4$s},
                    "UpdatesTensor": {"DataType": "%2$s", "Sizes": %5$s},
                    "OutputTensor": {"DataType": "%2$s", "Sizes": %3$s},
                    %6$s}}},
                 "commands": [{"type": "dispatch", "dispatchable": "s",
                               "bindings": {"InputTensor": "X", "IndicesTensor": "I", "UpdatesTensor": "U",
                                            "OutputTensor": "Y"}},
                              {"type": "print", "resource": "Y"}]}
                """.formatted(type, dataType, inputSizes, indicesSizes, updatesSizes, fields);
        return Cli.write(dir, "scatter.json", text);
    }

    /** The docs' ScatterElements example 2 with its {3,3} input, written 4-D: valid from 1_0 in FLOAT32. */
    private Path elementsFourD(String dataType) {
        return model("SCATTER_ELEMENTS", dataType, "[1,1,3,3]", "[1,1,2,3]", "[1,1,2,3]", "\"Axis\": 2");
    }

    /** Input {1,1,2,3}, indices {1,1,4,1} (count 2), q 1: updates {4} ++ {3} = {1,1,4,3}. */
    private Path ndFourD(String dataType) {
        return model("SCATTER_ND", dataType, "[1,1,2,3]", "[1,1,4,1]", "[1,1,4,3]",
                "\"InputDimensionCount\": 2, \"IndicesDimensionCount\": 2");
    }

    @Test
    void levelsPrintsTheDocsTablesOfEach() {
        Cli.Result elements = Cli.run("levels", "--operator", "SCATTER_ELEMENTS");
        assertEquals(0, elements.code(), elements.err());
        List<String> lines = elements.outLines();
        assertEquals("DML_OPERATOR_SCATTER_ELEMENTS: introduced in DML_FEATURE_LEVEL_1_0", lines.get(0));
        List<List<String>> rows = rows(lines);
        assertEquals(17, rows.size(), elements.out());
        assertEquals(List.of("Table", "Applies to", "Tensor", "Kind", "Dimensions", "Data types"), rows.get(0));
        assertEquals(List.of("1_0", "1_0, 2_0", "InputTensor", "input", "4", "FLOAT32, FLOAT16"), rows.get(1));
        assertEquals(List.of("", "IndicesTensor", "input", "4", "UINT32"), rows.get(2));
        assertEquals(List.of("", "UpdatesTensor", "input", "4", "FLOAT32, FLOAT16"), rows.get(3));
        assertEquals(List.of("", "OutputTensor", "output", "4", "FLOAT32, FLOAT16"), rows.get(4));
        assertEquals(List.of("2_1", "2_1", "InputTensor", "input", "4", TYPES_2_1), rows.get(5));
        assertEquals(List.of("3_0", "3_0, 3_1, 4_0", "InputTensor", "input", "1 to 8", TYPES_2_1), rows.get(9));
        assertEquals(List.of("", "IndicesTensor", "input", "1 to 8", INDEX_TYPES_3_0), rows.get(10));
        assertEquals(List.of("", "UpdatesTensor", "input", "1 to 8", TYPES_4_1), rows.get(15));
        // The header's alias names the same operator.
        Cli.Result alias = Cli.run("levels", "--operator", "DML_OPERATOR_SCATTER");
        assertEquals(0, alias.code(), alias.err());
        assertEquals(elements.out(), alias.out());

        Cli.Result nd = Cli.run("levels", "--operator", "SCATTER_ND");
        assertEquals(0, nd.code(), nd.err());
        assertEquals("DML_OPERATOR_SCATTER_ND: introduced in DML_FEATURE_LEVEL_2_1; not available at 1_0, 2_0",
                nd.outLines().get(0));
        List<List<String>> ndRows = rows(nd.outLines());
        assertEquals(13, ndRows.size(), nd.out());
        assertEquals(List.of("2_1", "2_1", "InputTensor", "input", "4", TYPES_2_1), ndRows.get(1));
        assertEquals(List.of("", "UpdatesTensor", "input", "4", TYPES_2_1), ndRows.get(3));
        assertEquals(List.of("", "OutputTensor", "output", "1 to 8", TYPES_4_1), ndRows.get(12));
    }

    @Test
    void validateAcceptsTheFourDimensionalDocsExampleFrom1_0() {
        Cli.Result result = Cli.run("validate", elementsFourD("FLOAT32").toString());
        assertEquals(0, result.code(), result.out());
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_1_0\n", result.out());
    }

    @Test
    void validateRefusesIndicesLargerThanTheInputAlongTheAxis() {
        // s_indices_bigger_axis: indices {5,3} into {3,3} along Axis 0.
        Cli.Result result = Cli.run("validate", model("SCATTER", "FLOAT32", "[3,3]", "[5,3]", "[5,3]",
                "\"Axis\": 0").toString());
        assertEquals(1, result.code(), result.out());
        assertEquals(List.of("s: error INDICES_AXIS_SIZE_ABOVE_INPUT IndicesTensor.Sizes[0]: 5 is above 3 "
                + "(InputTensor.Sizes[0], along Axis 0); the docs leave the axis size free, DirectML.dll 1.15.4 "
                + "refuses larger indices", "invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it"),
                result.outLines());
    }

    @Test
    void validateSaysWhichScatterNdDescsEndTheProcess() {
        // Input {1,3,3} with InputDimensionCount 2, indices {1,1,3} (count 2): 3 coordinates for 2 dimensions.
        Cli.Result result = Cli.run("validate", model("SCATTER_ND", "FLOAT32", "[1,3,3]", "[1,1,3]", "[1,1,1]",
                "\"InputDimensionCount\": 2, \"IndicesDimensionCount\": 2").toString());
        assertEquals(1, result.code(), result.out());
        assertEquals(List.of("s: error CREATE_OPERATOR_FAIL_FAST IndicesTensor.Sizes[2]: the index tuple has 3 "
                + "coordinates, more than the 2 input dimensions it can index (InputDimensionCount 2): DirectML.dll "
                + "1.15.4 terminates the process (fail-fast) in CreateOperator for this desc instead of refusing it; "
                + "never send it to a device (measured at DML_FEATURE_LEVEL_6_4, docs/directml-behaviour.md §13.4)",
                "invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it"), result.outLines());
    }

    @Test
    void validateWarnsAboutScatterNdDimensionCountsThatDiffer() {
        // snd_idx_plus1: indices {1,4,1} for a 2-D input; the updates are {4} ++ {3}.
        Cli.Result result = Cli.run("validate", model("SCATTER_ND", "FLOAT32", "[2,3]", "[1,4,1]", "[4,3]",
                "\"InputDimensionCount\": 2, \"IndicesDimensionCount\": 2").toString());
        assertEquals(0, result.code(), result.out());
        List<String> lines = result.outLines();
        assertEquals(2, lines.size(), result.out());
        assertTrue(lines.get(0).startsWith("s: warning SCATTER_ND_DIMENSION_COUNTS_DIFFER "
                + "IndicesTensor.DimensionCount: 3 differs from InputTensor.DimensionCount 2"), lines.get(0));
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable, 1 warning); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_3_0", lines.get(1));
    }

    @Test
    void minLevelFollowsTheTables() {
        assertMinLevel(elementsFourD("FLOAT32"), "DML_FEATURE_LEVEL_1_0");
        assertMinLevel(elementsFourD("INT32"), "DML_FEATURE_LEVEL_2_1");
        assertMinLevel(elementsFourD("UINT64"), "DML_FEATURE_LEVEL_4_1");
        assertMinLevel(model("SCATTER_ELEMENTS", "FLOAT32", "[3,3]", "[2,3]", "[2,3]", "\"Axis\": 0"),
                "DML_FEATURE_LEVEL_3_0");
        assertMinLevel(ndFourD("FLOAT32"), "DML_FEATURE_LEVEL_2_1");
        assertMinLevel(ndFourD("FLOAT64"), "DML_FEATURE_LEVEL_4_1");
        assertMinLevel(model("SCATTER_ND", "FLOAT32", "[2,3]", "[4,1]", "[4,3]",
                "\"InputDimensionCount\": 2, \"IndicesDimensionCount\": 2"), "DML_FEATURE_LEVEL_3_0");
    }

    /**
     * The docs' ScatterElements example 1 ({@code {5}}, indices 3 1 3 0): index 3 twice. The emulator keeps the last
     * write, as the real DirectML.dll did on this case ({@code 8 6 2 7 4}), and warns, because DirectML promises no
     * winner (docs/directml-behaviour.md §12.4).
     */
    @Test
    void runWarnsWhenUpdatesWriteOneElementTwice() {
        String text = """
                {"resources": {
                   "X": {"initialValuesDataType": "FLOAT32", "initialValues": [0, 1, 2, 3, 4]},
                   "I": {"initialValuesDataType": "UINT32", "initialValues": [3, 1, 3, 0]},
                   "U": {"initialValuesDataType": "FLOAT32", "initialValues": [5, 6, 7, 8]},
                   "Y": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 5, "value": 0}}},
                 "dispatchables": {"s": {"type": "SCATTER_ELEMENTS", "desc": {
                    "InputTensor": {"DataType": "FLOAT32", "Sizes": [5]},
                    "IndicesTensor": {"DataType": "UINT32", "Sizes": [4]},
                    "UpdatesTensor": {"DataType": "FLOAT32", "Sizes": [4]},
                    "OutputTensor": {"DataType": "FLOAT32", "Sizes": [5]},
                    "Axis": 0}}},
                 "commands": [{"type": "dispatch", "dispatchable": "s",
                               "bindings": {"InputTensor": "X", "IndicesTensor": "I", "UpdatesTensor": "U",
                                            "OutputTensor": "Y"}},
                              {"type": "print", "resource": "Y"}]}
                """;
        Path model = Cli.write(dir, "duplicates.json", text);
        Cli.Result result = Cli.run("run", model.toString(), "--iterations", "3");
        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().startsWith("Resource 'Y': 8, 6, 2, 7, 4\n"), result.out());
        String warning = "warning: dispatch 's': 1 update write landed on an output element an earlier update had "
                + "written (first: UpdatesTensor[2] onto OutputTensor element offset 3); the emulator keeps the last "
                + "write in row-major order, but DirectML promises no winner and real devices race\n";
        // One warning for the dispatch, however many times it ran.
        assertEquals(1, result.err().split("warning: ", -1).length - 1, result.err());
        assertTrue(result.err().contains(warning), result.err());

        com.fasterxml.jackson.databind.JsonNode json = Cli.run("run", model.toString(), "--json").json();
        assertEquals(1, json.get("warnings").size(), json.toString());
        assertEquals("s", json.get("warnings").get(0).get("dispatch").asText());
        assertTrue(json.get("warnings").get(0).get("message").asText().startsWith("1 update write landed"));
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

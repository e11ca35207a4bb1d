package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code dmlemu levels}: the GatherElements support tables. Expected content is the DirectML documentation's
 * (DML_GATHER_ELEMENTS_OPERATOR_DESC, "Availability" and "Tensor support").
 */
class LevelsCommandTest {

    private static final String SMALL_TYPES = "FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8";
    private static final String ALL_TYPES =
            "FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8";

    @Test
    void alignedTable() {
        Cli.Result result = Cli.run("levels");
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals("DML_OPERATOR_GATHER_ELEMENTS: introduced in DML_FEATURE_LEVEL_2_1; not available at 1_0, 2_0",
                lines.get(0));
        assertEquals("", lines.get(1));
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            rows.add(line.split("  +"));
        }
        // Every row's "Tensor" column starts where the header's does.
        int tensorColumn = lines.get(2).indexOf("Tensor ");
        for (String line : lines.subList(3, lines.size())) {
            assertTrue(line.substring(tensorColumn).matches("(Input|Indices|Output)Tensor .*"), line);
        }
        assertEquals(List.of("Table", "Applies to", "Tensor", "Kind", "Dimensions", "Data types"), List.of(rows.get(0)));
        assertEquals(10, rows.size(), result.out());
        assertRow(rows.get(1), "2_1", "2_1", "InputTensor", "input", "4", SMALL_TYPES);
        assertRow(rows.get(2), "IndicesTensor", "input", "4", "UINT32");
        assertRow(rows.get(3), "OutputTensor", "output", "4", SMALL_TYPES);
        assertRow(rows.get(4), "3_0", "3_0, 3_1, 4_0", "InputTensor", "input", "1 to 8", SMALL_TYPES);
        assertRow(rows.get(5), "IndicesTensor", "input", "1 to 8", "INT64, INT32, UINT64, UINT32");
        assertRow(rows.get(6), "OutputTensor", "output", "1 to 8", SMALL_TYPES);
        assertRow(rows.get(7), "4_1", "4_1, 5_0, 5_1, 5_2, 6_0, 6_1, 6_2, 6_3, 6_4", "InputTensor", "input",
                "1 to 8", ALL_TYPES);
        assertRow(rows.get(8), "IndicesTensor", "input", "1 to 8", "INT64, INT32, UINT64, UINT32");
        assertRow(rows.get(9), "OutputTensor", "output", "1 to 8", ALL_TYPES);
    }

    @Test
    void json() {
        Cli.Result result = Cli.run("levels", "--operator", "DML_OPERATOR_GATHER_ELEMENTS", "--json");
        assertEquals(0, result.code(), result.err());
        JsonNode root = result.json();
        assertEquals("DML_OPERATOR_GATHER_ELEMENTS", root.get("operator").asText());
        assertEquals("DML_FEATURE_LEVEL_2_1", root.get("introducedIn").asText());
        JsonNode tables = root.get("tables");
        assertEquals(3, tables.size());
        assertEquals("DML_FEATURE_LEVEL_3_0", tables.get(1).get("since").asText());
        assertEquals(List.of("DML_FEATURE_LEVEL_3_0", "DML_FEATURE_LEVEL_3_1", "DML_FEATURE_LEVEL_4_0"),
                texts(tables.get(1).get("appliesTo")));
        JsonNode indices21 = tables.get(0).get("tensors").get(1);
        assertEquals("IndicesTensor", indices21.get("tensor").asText());
        assertEquals("input", indices21.get("kind").asText());
        assertEquals(4, indices21.get("minDimensionCount").asInt());
        assertEquals(4, indices21.get("maxDimensionCount").asInt());
        assertEquals(List.of("UINT32"), texts(indices21.get("dataTypes")));
        JsonNode output41 = tables.get(2).get("tensors").get(2);
        assertEquals("output", output41.get("kind").asText());
        assertEquals(1, output41.get("minDimensionCount").asInt());
        assertEquals(8, output41.get("maxDimensionCount").asInt());
        assertEquals(List.of(ALL_TYPES.split(", ")), texts(output41.get("dataTypes")));
    }

    @Test
    void operatorSpellings() {
        assertEquals(Cli.run("levels").out(), Cli.run("levels", "--operator", "gather_elements").out());
        Cli.run("levels", "--operator", "NOT_AN_OPERATOR").assertUnusable("--operator", "NOT_AN_OPERATOR");
        assertEquals(Cli.run("levels", "--operator", "CAST").out(),
                Cli.run("levels", "--operator", "dml_operator_cast").out());
    }

    /** An operator the validator does not know: the docs' CAST page, typed by hand. */
    @Test
    void castFromTheDocumentedTables() {
        Cli.Result result = Cli.run("levels", "--operator", "CAST");
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals("DML_OPERATOR_CAST: introduced in DML_FEATURE_LEVEL_1_0", lines.get(0));
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(2, 11)) {
            rows.add(line.split("  +"));
        }
        assertEquals(List.of("Table", "Applies to", "Tensor", "Kind", "Dimensions", "Data types"), List.of(rows.get(0)));
        assertRow(rows.get(1), "1_0", "1_0, 2_0, 2_1", "InputTensor", "input", "4",
                "FLOAT32, FLOAT16, INT16, INT8, UINT16, UINT8");
        assertRow(rows.get(3), "3_0", "3_0", "InputTensor", "input", "4",
                "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8");
        assertRow(rows.get(6), "OutputTensor", "output", "1 to 8",
                "FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8");
        assertRow(rows.get(7), "4_1", "4_1, 5_0, 5_1, 5_2, 6_0, 6_1, 6_2, 6_3, 6_4", "InputTensor", "input",
                "1 to 8", ALL_TYPES);
        assertEquals(List.of("", "Tensor constraints:", "  InputTensor, OutputTensor: same DimensionCount",
                "  InputTensor, OutputTensor: same Sizes"), lines.subList(11, lines.size()));
    }

    @Test
    void gemmShowsOptionalInputsAndConstraintsInJson() {
        Cli.Result result = Cli.run("levels", "--operator", "GEMM", "--json");
        assertEquals(0, result.code(), result.err());
        JsonNode root = result.json();
        assertEquals("DML_OPERATOR_GEMM", root.get("operator").asText());
        assertEquals("DML_FEATURE_LEVEL_1_0", root.get("introducedIn").asText());
        JsonNode tables = root.get("tables");
        assertEquals(2, tables.size());
        assertEquals("DML_FEATURE_LEVEL_4_0", tables.get(1).get("since").asText());
        JsonNode c40 = tables.get(1).get("tensors").get(2);
        assertEquals("CTensor", c40.get("tensor").asText());
        assertEquals("input", c40.get("kind").asText());
        assertEquals("Optional input", c40.get("docsKind").asText());
        assertEquals(2, c40.get("minDimensionCount").asInt());
        assertEquals(4, c40.get("maxDimensionCount").asInt());
        assertEquals(List.of("FLOAT32", "FLOAT16"), texts(c40.get("dataTypes")));
        JsonNode constraints = root.get("constraints");
        assertEquals(3, constraints.size());
        assertEquals("Sizes", constraints.get(2).get("same").asText());
        assertEquals(List.of("CTensor", "OutputTensor"), texts(constraints.get(2).get("tensors")));
    }

    @Test
    void joinsTensorArray() {
        Cli.Result result = Cli.run("levels", "--operator", "JOIN");
        assertEquals(0, result.code(), result.err());
        assertTrue(result.outLines().get(3).matches("1_0 +1_0, 2_0 +InputTensors +array of inputs +4 +"
                + "FLOAT32, FLOAT16, INT32, INT16, UINT32, UINT16"), result.out());
    }

    /** REDUCE's tables depend on its Function: a "When" column instead of "Applies to". */
    @Test
    void reduceShowsWhichFunctionsEachTableIsFor() {
        Cli.Result result = Cli.run("levels", "--operator", "REDUCE");
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals(List.of("Table", "When", "Tensor", "Kind", "Dimensions", "Data types"),
                List.of(lines.get(2).split("  +")));
        assertTrue(lines.get(3).matches("1_0 +Function = DML_REDUCE_FUNCTION_ARGMIN \\| DML_REDUCE_FUNCTION_ARGMAX +"
                + "InputTensor +input +4 +FLOAT32, FLOAT16"), lines.get(3));
        assertTrue(lines.get(4).matches(" +OutputTensor +output +4 +UINT32"), lines.get(4));
    }

    /** Every operator of the schema prints, or says why it has no tables. */
    @Test
    void everyOperatorPrintsOrSaysWhy() {
        for (dev.dmlemu.desc.schema.SchemaOperator operator : dev.dmlemu.desc.schema.SchemaCatalog.directMl().operators()) {
            Cli.Result result = Cli.run("levels", "--operator", operator.name(), "--json");
            if (dev.dmlemu.featurelevels.support.SupportCatalog.directMl().missing(operator.name()).isPresent()) {
                result.assertUnusable("--operator: dmlemu has no support tables for " + operator.name());
            } else {
                assertEquals(0, result.code(), operator.name() + ": " + result.err());
                assertEquals("DML_OPERATOR_" + operator.name(), result.json().get("operator").asText());
            }
        }
    }

    private static void assertRow(String[] row, String... expected) {
        List<String> cells = new ArrayList<>(List.of(row));
        cells.removeIf(String::isEmpty);
        assertEquals(List.of(expected), cells);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}

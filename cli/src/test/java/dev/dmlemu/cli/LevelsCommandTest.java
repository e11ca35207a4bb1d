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
        Cli.run("levels", "--operator", "CAST").assertUnusable(
                "--operator: dmlemu has no support tables for CAST",
                "(it has: GATHER_ELEMENTS, GATHER, GATHER_ND, GATHER_ND1, SCATTER_ELEMENTS, SCATTER_ND)");
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

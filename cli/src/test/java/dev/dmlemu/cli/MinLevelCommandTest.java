package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dmlemu min-level}: the lowest accepting level, text and JSON, or why none accepts. */
class MinLevelCommandTest {

    @TempDir
    Path dir;

    private static String example(String name) {
        return Cli.EXAMPLES.resolve(name).toString();
    }

    @Test
    void lowestLevelPerTheSupportTables() {
        // 4-D FLOAT32 + UINT32 indices: 2_1. 2-D or INT32/INT64 indices: 3_0. FLOAT64 data: 4_1.
        assertMinLevel(example("docs-example.json"), "DML_FEATURE_LEVEL_2_1");
        assertMinLevel(example("strided-broadcast.json"), "DML_FEATURE_LEVEL_2_1");
        assertMinLevel(example("onnx-negative-indices.json"), "DML_FEATURE_LEVEL_3_0");
        assertMinLevel(example("npy-backed.json"), "DML_FEATURE_LEVEL_3_0");
        Path float64 = Cli.write(dir, "f64.json", Cli.identityModel("FLOAT64", "[1, 2]", 2));
        assertMinLevel(float64.toString(), "DML_FEATURE_LEVEL_4_1");
    }

    @Test
    void theModelNeedsTheHighestOfItsDispatchablesMinimums() {
        // Two dispatchables: the docs one (2_1) and a FLOAT64 one (4_1).
        String model = """
                {"resources": {}, "commands": [], "dispatchables": {
                  "a": {"type": "GATHER_ELEMENTS", "desc": {"InputTensor": {"DataType": "FLOAT32", "Sizes": [1,1,3,3]},
                    "IndicesTensor": {"DataType": "UINT32", "Sizes": [1,1,2,3]},
                    "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1,1,2,3]}, "Axis": 2}},
                  "b": {"type": "GATHER_ELEMENTS", "desc": {"InputTensor": {"DataType": "FLOAT64", "Sizes": [1,1,3,3]},
                    "IndicesTensor": {"DataType": "UINT32", "Sizes": [1,1,2,3]},
                    "OutputTensor": {"DataType": "FLOAT64", "Sizes": [1,1,2,3]}, "Axis": 2}}}}""";
        Path file = Cli.write(dir, "two.json", model);
        assertMinLevel(file.toString(), "DML_FEATURE_LEVEL_4_1");
        Cli.Result json = Cli.run("min-level", file.toString(), "--json");
        assertEquals(0, json.code());
        assertEquals("DML_FEATURE_LEVEL_4_1", json.json().get("minimumFeatureLevel").asText());
        assertEquals("DML_FEATURE_LEVEL_2_1", json.json().at("/dispatchables/a").asText());
        assertEquals("DML_FEATURE_LEVEL_4_1", json.json().at("/dispatchables/b").asText());
        assertTrue(json.json().get("reasons").isArray() && json.json().get("reasons").isEmpty());
    }

    @Test
    void noLevelAcceptsItAndSaysWhy() {
        Cli.Result result = Cli.run("min-level", example("invalid-several-diagnostics.json"));
        assertEquals(1, result.code());
        assertEquals("no feature level accepts 'ge':\n  error AXIS_OUT_OF_RANGE Axis: 3 is out of range [0, 3)"
                + " (InputTensor.DimensionCount is 3)\n", result.out());

        Cli.Result json = Cli.run("min-level", example("invalid-several-diagnostics.json"), "--json");
        assertEquals(1, json.code());
        JsonNode root = json.json();
        assertTrue(root.get("minimumFeatureLevel").isNull());
        assertTrue(root.at("/dispatchables/ge").isNull());
        boolean axis = false;
        for (JsonNode reason : root.get("reasons")) {
            assertEquals("ge", reason.get("dispatchable").asText());
            axis |= reason.get("rule").asText().equals("AXIS_OUT_OF_RANGE") && reason.get("path").asText().equals("Axis");
        }
        assertTrue(axis, root.toString());
    }

    @Test
    void aModelWithoutDispatchablesHasNoAnswer() {
        Path empty = Cli.write(dir, "empty.json", "{\"resources\": {}, \"dispatchables\": {}, \"commands\": []}");
        Cli.run("min-level", empty.toString()).assertUnusable("empty.json", "no dispatchables");
        Cli.Result json = Cli.run("min-level", empty.toString(), "--json").assertUnusable("no dispatchables");
        // --json: the failure as one object on stdout, so scripts need not read stderr.
        assertEquals(2, json.json().at("/error/exitCode").asInt(), json.out());
        assertEquals("unusable-input", json.json().at("/error/kind").asText(), json.out());
        assertTrue(json.json().at("/error/message").asText().contains("no dispatchables"), json.out());
    }

    private static void assertMinLevel(String model, String expected) {
        Cli.Result result = Cli.run("min-level", model);
        assertEquals(0, result.code(), result.err() + result.out());
        assertEquals(expected + "\n", result.out());
    }
}

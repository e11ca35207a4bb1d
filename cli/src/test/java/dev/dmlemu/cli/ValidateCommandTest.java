package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dmlemu validate}: diagnostics, verdict line, --json, exit codes 0/1, default level 6_4. */
class ValidateCommandTest {

    @TempDir
    Path dir;

    private static String example(String name) {
        return Cli.EXAMPLES.resolve(name).toString();
    }

    @Test
    void validModelAtTheDefaultLevel() {
        // The docs example is 4-D FLOAT32 with UINT32 indices: the 2_1 table accepts it.
        Cli.Result result = Cli.run("validate", example("docs-example.json"));
        assertEquals(0, result.code());
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_2_1\n", result.out());
        assertEquals("", result.err());
    }

    @Test
    void invalidAtALowLevelNamesEveryProblemAndTheLevelThatAcceptsIt() {
        // 2_1 accepts 4-D tensors and UINT32 indices only; each dispatchable has 2-D tensors (3 problems) and
        // INT32 or INT64 indices (1 problem); 3_0 accepts 1 to 8 dimensions and INT32/INT64 indices.
        Cli.Result result = Cli.run("validate", example("onnx-negative-indices.json"), "--feature-level", "2_1");
        assertEquals(1, result.code());
        List<String> lines = result.outLines();
        assertEquals(9, lines.size(), result.out());
        assertEquals("invalid at DML_FEATURE_LEVEL_2_1 (8 errors); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_3_0", lines.get(8));
        assertEquals(4, lines.stream().filter(l -> l.startsWith("ge_int32: error ")).count());
        assertEquals(4, lines.stream().filter(l -> l.startsWith("ge_int64: error ")).count());
        assertTrue(lines.contains("ge_int64: error DATA_TYPE_UNSUPPORTED IndicesTensor.DataType: INT64 is not "
                + "supported at DML_FEATURE_LEVEL_2_1 (allowed: UINT32); INT64 needs DML_FEATURE_LEVEL_3_0"),
                result.out());
        assertEquals(0, Cli.run("validate", example("onnx-negative-indices.json"), "--feature-level", "3_0").code());
    }

    @Test
    void severalDiagnosticsAtOnce() {
        // 3-D tensors (3 problems at 2_1), INT32 indices (1 at 2_1), Axis 3 of 3 dimensions (at every level).
        Cli.Result result = Cli.run("validate", example("invalid-several-diagnostics.json"), "--feature-level",
                "2_1", "--json");
        assertEquals(1, result.code());
        JsonNode json = result.json();
        assertFalse(json.get("valid").asBoolean());
        assertEquals("DML_FEATURE_LEVEL_2_1", json.get("featureLevel").asText());
        assertTrue(json.get("minimumFeatureLevel").isNull(), "Axis 3 is out of range at every level");
        Set<String> paths = new TreeSet<>();
        for (JsonNode d : json.get("diagnostics")) {
            assertEquals(Set.of("dispatchable", "severity", "rule", "path", "featureLevel", "message"),
                    withoutOptional(d), d.toString());
            assertEquals("ge", d.get("dispatchable").asText());
            assertEquals("error", d.get("severity").asText());
            assertEquals("DML_FEATURE_LEVEL_2_1", d.get("featureLevel").asText());
            paths.add(d.get("rule").asText() + " " + d.get("path").asText());
        }
        assertEquals(new TreeSet<>(List.of(
                "DIMENSION_COUNT_UNSUPPORTED InputTensor.DimensionCount",
                "DIMENSION_COUNT_UNSUPPORTED IndicesTensor.DimensionCount",
                "DIMENSION_COUNT_UNSUPPORTED OutputTensor.DimensionCount",
                "DATA_TYPE_UNSUPPORTED IndicesTensor.DataType",
                "AXIS_OUT_OF_RANGE Axis")), paths);

        Cli.Result text = Cli.run("validate", example("invalid-several-diagnostics.json"));
        assertEquals(1, text.code());
        assertEquals(List.of("ge: error AXIS_OUT_OF_RANGE Axis: 3 is out of range [0, 3) (InputTensor.DimensionCount"
                + " is 3)", "invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it"),
                text.outLines());
    }

    @Test
    void validJson() {
        Cli.Result result = Cli.run("validate", example("npy-backed.json"), "--json");
        assertEquals(0, result.code());
        JsonNode json = result.json();
        assertTrue(json.get("valid").asBoolean());
        assertEquals("DML_FEATURE_LEVEL_6_4", json.get("featureLevel").asText());
        assertEquals("DML_FEATURE_LEVEL_3_0", json.get("minimumFeatureLevel").asText());
        assertTrue(json.get("diagnostics").isArray() && json.get("diagnostics").isEmpty());
    }

    @Test
    void manyDispatchablesWithoutResourcesOrCommands() {
        // 300 dispatchables: even ones 4-D with UINT32 indices (2_1), odd ones 3-D with INT64 indices (3_0).
        StringBuilder model = new StringBuilder("{\"resources\": {}, \"commands\": [], \"dispatchables\": {");
        for (int i = 0; i < 300; i++) {
            boolean even = i % 2 == 0;
            String sizes = even ? "[1, 2, 3, 4]" : "[2, 3, 4]";
            model.append(i == 0 ? "" : ",").append("\"op").append(i).append("\": {\"type\": \"GATHER_ELEMENTS\","
                    + " \"desc\": {\"InputTensor\": {\"DataType\": \"FLOAT16\", \"Sizes\": ").append(sizes)
                    .append("}, \"IndicesTensor\": {\"DataType\": \"").append(even ? "UINT32" : "INT64")
                    .append("\", \"Sizes\": ").append(sizes).append("}, \"OutputTensor\": {\"DataType\": \"FLOAT16\","
                    + " \"Sizes\": ").append(sizes).append("}, \"Axis\": 1}}");
        }
        Path file = Cli.write(dir, "many.json", model.append("}}").toString());
        Cli.Result valid = Cli.run("validate", file.toString());
        assertEquals(0, valid.code(), valid.out());
        assertEquals("valid at DML_FEATURE_LEVEL_6_4 (300 dispatchables); lowest level that accepts it: "
                + "DML_FEATURE_LEVEL_3_0\n", valid.out());
        Cli.Result at21 = Cli.run("validate", file.toString(), "--feature-level", "2_1", "--json");
        assertEquals(1, at21.code());
        // 150 odd dispatchables x (3 dimension counts + 1 index type).
        assertEquals(600, at21.json().get("diagnostics").size());
        List<String> names = new ArrayList<>();
        at21.json().get("diagnostics").forEach(d -> names.add(d.get("dispatchable").asText()));
        assertEquals("op1", names.get(0));
        assertEquals("op299", names.get(599));
        assertEquals("DML_FEATURE_LEVEL_3_0", at21.json().get("minimumFeatureLevel").asText());
    }

    @Test
    void badFeatureLevelIsUsage() {
        Cli.run("validate", example("docs-example.json"), "--feature-level", "2_2").assertUnusable("--feature-level");
        Cli.run("validate", example("docs-example.json"), "--feature-level", "").assertUnusable("--feature-level");
    }

    private static Set<String> withoutOptional(JsonNode diagnostic) {
        Set<String> names = new TreeSet<>();
        diagnostic.fieldNames().forEachRemaining(names::add);
        names.remove("acceptedFrom");
        return names;
    }
}

package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} and {@code min-level} over several model files in one call: each file's lines led by its name, a
 * file that cannot be read reported in its place without stopping the others, a summary, the highest exit code, and
 * with {@code --json} an array of the one-file objects.
 */
class ModelBatchTest {

    private static String example(String name) {
        return Cli.EXAMPLES.resolve(name).toString();
    }

    @Test
    void validateReportsEachFileThenASummary(@TempDir Path dir) throws Exception {
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"resources\": ");
        String docs = example("docs-example.json");
        String invalid = example("invalid-several-diagnostics.json");
        Cli.Result result = Cli.run("validate", docs, invalid, broken.toString());
        assertEquals(2, result.code(), result.err());
        assertEquals(List.of(
                docs + ": valid at DML_FEATURE_LEVEL_6_4 (1 dispatchable); lowest level that accepts it:"
                        + " DML_FEATURE_LEVEL_2_1",
                invalid + ": ge: error AXIS_OUT_OF_RANGE Axis: 3 is out of range [0, 3) (InputTensor.DimensionCount"
                        + " is 3)",
                invalid + ": invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it",
                broken + ": malformed JSON: Unexpected end-of-input within/between Object entries (line 1, column 15)",
                "3 model files: 1 passed, 1 invalid, 1 unusable"), List.of(result.out().split("\n")));
    }

    @Test
    void theExitCodeIsTheHighestOfTheFiles() {
        assertEquals(0, Cli.run("validate", example("docs-example.json"), example("gather.json")).code());
        assertEquals(1, Cli.run("validate", example("docs-example.json"),
                example("invalid-several-diagnostics.json")).code());
    }

    @Test
    void minLevelAsAJsonArray(@TempDir Path dir) throws Exception {
        Path empty = dir.resolve("empty.json");
        Files.writeString(empty, "{\"resources\": {}, \"dispatchables\": {}, \"commands\": []}");
        Cli.Result result = Cli.run("min-level", "--json", example("gather.json"), empty.toString());
        assertEquals(2, result.code(), result.err());
        JsonNode array = new ObjectMapper().readTree(result.out());
        assertEquals(2, array.size(), result.out());
        assertEquals(example("gather.json"), array.get(0).get("file").asText());
        assertEquals("DML_FEATURE_LEVEL_1_0", array.get(0).get("minimumFeatureLevel").asText());
        assertEquals(empty.toString(), array.get(1).get("file").asText());
        assertEquals("unusable-input", array.get(1).get("error").get("kind").asText());
        assertEquals(empty + ": the model has no dispatchables; min-level needs at least one",
                array.get(1).get("error").get("message").asText());
    }

    @Test
    void oneFileKeepsTheOneFileOutput() {
        Cli.Result result = Cli.run("min-level", example("gather.json"));
        assertEquals(0, result.code(), result.err());
        assertEquals("DML_FEATURE_LEVEL_1_0\n", result.out());
    }
}

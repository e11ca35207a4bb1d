package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run a.json b.json ...}: every model in one JVM and one backend, each file's lines led by its name, a file that
 * fails reported in its place without stopping the others, a summary, the highest exit code, and with {@code --json}
 * an array of the one-file objects, each with its {@code file}.
 */
class RunBatchTest {

    private static String example(String name) {
        return Cli.EXAMPLES.resolve(name).toString();
    }

    @Test
    void eachFilesLinesThenASummary(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"resources\": ");
        String docs = example("docs-example.json");
        String gather = example("gather.json");
        String invalid = example("invalid-several-diagnostics.json");
        Cli.Result result = Cli.run("run", docs, invalid, broken.toString(), gather, "--backend", "emulator");
        assertEquals(2, result.code(), result.err());
        // The outputs are the examples' own (examples/README.md); the invalid file's verdict stands in its place.
        assertEquals(List.of(
                docs + ": Resource 'Y': 4, 8, 3, 7, 2, 3",
                invalid + ": invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it",
                broken + ": malformed JSON: Unexpected end-of-input within/between Object entries (line 1, column 15)",
                gather + ": Resource 'rows': 1, 2, 3, 4, 3, 4, 5, 6",
                gather + ": Resource 'columns': 3, 1, 2, 2, 6, 4, 5, 5",
                "4 model files: 2 passed, 1 invalid, 1 unusable"), result.outLines());
        // The backend line once; the invalid file's diagnostics on stderr, led by its name.
        assertEquals(List.of(
                "backend: emulator, feature level: DML_FEATURE_LEVEL_6_4, index policy: directml",
                invalid + ": ge: error AXIS_OUT_OF_RANGE Axis: 3 is out of range [0, 3) (InputTensor.DimensionCount"
                        + " is 3)",
                invalid + ": invalid at DML_FEATURE_LEVEL_6_4 (1 error); no feature level accepts it"),
                List.of(result.err().split("\n")));
    }

    @Test
    void theExitCodeIsTheHighestOfTheFiles() {
        assertEquals(0, Cli.run("run", example("docs-example.json"), example("gather.json"), "--backend", "emulator")
                .code());
        assertEquals(1, Cli.run("run", example("docs-example.json"), example("invalid-several-diagnostics.json"),
                "--backend", "emulator").code());
    }

    @Test
    void writtenFilesAndStandardInputAmongTheFiles(@TempDir Path dir) throws Exception {
        byte[] model = Files.readString(Cli.EXAMPLES.resolve("docs-example.json")).replace(
                "{ \"type\": \"print\", \"resource\": \"Y\" }",
                "{ \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"y.dat\" }")
                .getBytes(StandardCharsets.UTF_8);
        Cli.Result result = Cli.runWithInput(model, "run", example("gather.json"), "-", "--backend", "emulator",
                "--output_path", dir.toString());
        assertEquals(0, result.code(), result.err());
        assertEquals("2 model files: 2 passed, 0 invalid, 0 unusable", result.outLines().get(2));
        assertTrue(result.err().contains("-: wrote " + dir.resolve("y.dat")), result.err());
        assertEquals(24, Files.size(dir.resolve("y.dat")));
        Cli.run("run", "-", "-").assertUnusable("- (standard input) may be given once");
    }

    @Test
    void jsonIsAnArrayOfTheOneFileObjects(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"resources\": ");
        Cli.Result result = Cli.run("run", "--json", example("docs-example.json"),
                example("invalid-several-diagnostics.json"), broken.toString(), "--backend", "emulator");
        assertEquals(2, result.code(), result.err());
        JsonNode array = new ObjectMapper().readTree(result.out());
        assertEquals(3, array.size(), result.out());
        assertEquals(example("docs-example.json"), array.get(0).get("file").asText());
        assertEquals("[4.0,8.0,3.0,7.0,2.0,3.0]", array.get(0).get("resources").get("Y").get("values").toString());
        assertEquals("emulator", array.get(0).get("backend").asText());
        assertEquals(example("invalid-several-diagnostics.json"), array.get(1).get("file").asText());
        assertEquals(false, array.get(1).get("valid").asBoolean());
        assertEquals("AXIS_OUT_OF_RANGE", array.get(1).get("diagnostics").get(0).get("rule").asText());
        assertEquals(broken.toString(), array.get(2).get("file").asText());
        assertEquals("unusable-input", array.get(2).get("error").get("kind").asText());
        assertEquals(1, array.get(2).get("error").get("line").asInt());
    }

    @Test
    void oneFileKeepsTheOneFileOutput() {
        Cli.Result result = Cli.run("run", example("docs-example.json"), "--backend", "emulator");
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'Y': 4, 8, 3, 7, 2, 3\n", result.out());
    }
}

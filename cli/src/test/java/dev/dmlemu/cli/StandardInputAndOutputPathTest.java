package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dmlemu run -} reads the model from standard input, within the same limits and folders as a file (the current
 * directory plays the model's folder); {@code --output_path} is DxDispatch's name for {@code --output-dir}.
 */
class StandardInputAndOutputPathTest {

    @TempDir
    Path dir;

    private static byte[] docsExample() throws IOException {
        return Files.readAllBytes(Cli.EXAMPLES.resolve("docs-example.json"));
    }

    @Test
    void runReadsTheModelFromStandardInput() throws IOException {
        Cli.Result result = Cli.runWithInput(docsExample(), "run", "-", "--backend", "emulator");
        assertEquals(0, result.code(), result.err());
        assertEquals(DxDispatchCompatibilityTest.DOCS_OUTPUT, result.out());
        Cli.Result validate = Cli.runWithInput(docsExample(), "validate", "-", "--feature-level", "2_1");
        assertEquals(0, validate.code(), validate.err());
        assertEquals("valid at DML_FEATURE_LEVEL_2_1 (1 dispatchable); lowest level that accepts it: DML_FEATURE_LEVEL_2_1\n",
                validate.out());
    }

    @Test
    void problemsNameStandardInputWithTheirPlace() {
        Cli.runWithInput("{\n  \"resources\": 1\n}".getBytes(StandardCharsets.UTF_8), "run", "-", "--backend",
                "emulator").assertUnusable("<stdin>: resources: expected an object, got 1 (line 2, column 16)");
        Cli.runWithInput(new byte[0], "run", "-").assertUnusable("<stdin>: the document is empty");
    }

    @Test
    void theReadLimitHoldsOnStandardInput() throws IOException {
        byte[] model = docsExample();
        Cli.runWithInput(model, "run", "-", "--backend", "emulator", "--max-model-bytes",
                Integer.toString(model.length - 1)).assertUnusable("<stdin>: the model has", "more than the limit of "
                        + (model.length - 1) + " bytes (raise it with --max-model-bytes)");
        // Megabytes of input stop being read at the limit.
        byte[] huge = new byte[8 << 20];
        java.util.Arrays.fill(huge, (byte) ' ');
        Cli.runWithInput(huge, "run", "-", "--max-model-bytes", "1000").assertUnusable(
                "more than the limit of 1000 bytes");
    }

    @Test
    void relativeSourcePathsResolveInTheCurrentDirectoryAndStayThere() throws IOException {
        // Tests run in the cli module's folder: target/ is inside it, ../examples is not.
        Path inside = Files.createDirectories(Path.of("target", "stdin-test"));
        Files.copy(Cli.EXAMPLES.resolve("npy-backed-data.npy"), inside.resolve("data.npy"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String model = Files.readString(Cli.EXAMPLES.resolve("npy-backed.json"))
                .replace("\"npy-backed-indices.npy\"", "\"../examples/npy-backed-indices.npy\"");
        Cli.Result reads = Cli.runWithInput(model.replace("\"npy-backed-data.npy\"", "\"target/stdin-test/data.npy\"")
                .getBytes(StandardCharsets.UTF_8), "run", "-", "--backend", "emulator", "--read-dir", "../examples");
        assertEquals(0, reads.code(), reads.err());
        assertEquals("Resource 'y': 1, 1, 4, 3\n", reads.out());
        Cli.runWithInput(model.getBytes(StandardCharsets.UTF_8), "run", "-", "--backend", "emulator").assertUnusable(
                "<stdin>: resources.data.initialValues.sourcePath: 'npy-backed-data.npy' cannot be read: no such"
                        + " file");
        Cli.runWithInput(model.replace("\"npy-backed-data.npy\"", "\"target/stdin-test/data.npy\"")
                .getBytes(StandardCharsets.UTF_8), "run", "-", "--backend", "emulator").assertUnusable(
                "<stdin>: resources.indices.initialValues.sourcePath: '../examples/npy-backed-indices.npy' resolves"
                        + " to", "outside the folders a model may read from", "add its folder with --read-dir");
    }

    @Test
    void outputPathIsDxDispatchsNameForTheOutputFolderAndConfinesTargets() throws IOException {
        String model = new String(docsExample(), StandardCharsets.UTF_8).replace(
                "{ \"type\": \"print\", \"resource\": \"Y\" }",
                "{ \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"y.dat\" }");
        Path out = dir.resolve("out");
        Cli.Result result = Cli.runWithInput(model.getBytes(StandardCharsets.UTF_8), "run", "-", "--backend",
                "emulator", "--output_path", out.toString());
        assertEquals(0, result.code(), result.err());
        assertEquals(24, Files.size(out.resolve("y.dat")));
        Cli.runWithInput(model.replace("\"y.dat\"", "\"../y.dat\"").getBytes(StandardCharsets.UTF_8), "run", "-",
                "--backend", "emulator", "--output_path", out.toString()).assertUnusable(
                "<stdin>: commands[1].targetPath: '../y.dat' leaves the output folder " + out.toAbsolutePath());
        Cli.runWithInput(model.replace("\"y.dat\"", "\"" + dir.resolve("abs.dat") + "\"").getBytes(
                StandardCharsets.UTF_8), "run", "-", "--backend", "emulator", "--output_path", out.toString())
                .assertUnusable("is an absolute path");
        assertFalse(Files.exists(dir.resolve("y.dat")));
        assertFalse(Files.exists(dir.resolve("abs.dat")));
        assertTrue(Files.isDirectory(out));
    }
}

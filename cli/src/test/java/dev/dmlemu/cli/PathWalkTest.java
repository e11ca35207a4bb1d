package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OS resolves {@code evil/..} by following {@code evil} first, then going up from where it leads: with
 * {@code checkout/evil -> ../private/sub}, {@code checkout/evil/..} is {@code private}, not {@code checkout}. Every
 * path the user or a model gives is judged as the OS walks it. The layout lies under the module's {@code target/}
 * so that it can be reached by relative paths from the current directory.
 */
class PathWalkTest {

    private Path base;
    private Path checkout;
    private Path privateFolder;
    private String evil;

    @BeforeEach
    void layout() throws IOException {
        base = Files.createDirectories(Path.of("target", "dmlemu-walk-" + System.nanoTime()));
        checkout = Files.createDirectories(base.resolve("checkout"));
        privateFolder = Files.createDirectories(base.resolve("private"));
        Files.createDirectories(privateFolder.resolve("sub"));
        Files.createSymbolicLink(checkout.resolve("evil"), Path.of("..", "private", "sub"));
        Files.copy(Cli.EXAMPLES.resolve("docs-example.json"), privateFolder.resolve("other-model.json"));
        Files.copy(Cli.EXAMPLES.resolve("npy-backed-data.npy"), privateFolder.resolve("secret.npy"));
        Files.copy(Cli.EXAMPLES.resolve("docs-example.json"), checkout.resolve("m.json"));
        evil = checkout.resolve("evil").toString();
    }

    @AfterEach
    void cleanUp() throws IOException {
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    @Test
    void aModelPathThroughALinkAndDotDotIsRefused() {
        String model = evil + "/../other-model.json";
        Cli.run("run", model, "--backend", "emulator").assertUnusable("the model " + model + ": ",
                "evil is a symbolic link (to ../private/sub)");
        Cli.run("validate", model).assertUnusable("evil is a symbolic link");
    }

    @Test
    void readDirThroughALinkAndDotDotIsRefused() throws IOException {
        String json = Files.readString(Cli.EXAMPLES.resolve("docs-example.json")).replace("\"resources\": {",
                "\"resources\": { \"S\": { \"initialValues\": { \"sourcePath\": \"../private/secret.npy\" } },");
        Path model = Cli.write(checkout, "reads.json", json);
        Cli.Result result = Cli.run("run", model.toString(), "--backend", "emulator", "--read-dir", evil + "/..");
        result.assertUnusable("--read-dir " + evil + "/..: ", "evil is a symbolic link");
        assertFalse(result.out().contains("Resource"), result.out());
    }

    @Test
    void outputDirThroughALinkAndDotDotIsRefused() {
        Cli.run("run", checkout.resolve("m.json").toString(), "--backend", "emulator", "--output-dir", evil + "/..")
                .assertUnusable("--output-dir " + evil + "/..: ", "evil is a symbolic link");
    }

    /** An absolute --output-dir is taken as given, and as the OS takes it: {@code evil/..} is {@code private}. */
    @Test
    void anAbsoluteOutputDirThroughALinkAndDotDotIsWhereTheOsTakesIt() throws IOException {
        String json = Files.readString(Cli.EXAMPLES.resolve("docs-example.json")).replace(
                "{ \"type\": \"print\", \"resource\": \"Y\" }",
                "{ \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"y.npy\" }");
        Path model = Cli.write(checkout, "writes.json", json);
        String outputDir = checkout.toAbsolutePath().resolve("evil") + "/..";
        Cli.Result result = Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", outputDir);
        assertEquals(0, result.code(), result.err());
        assertTrue(result.err().contains("wrote " + privateFolder.toRealPath().resolve("y.npy")), result.err());
        assertFalse(Files.exists(checkout.resolve("y.npy")), "not where '..' reads lexically");
        assertEquals(List.of("other-model.json", "secret.npy", "sub", "y.npy"), listing(privateFolder));

        // A missing folder before '..' is where the OS stops too.
        String missing = checkout.toAbsolutePath().resolve("nothing") + "/../out";
        Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", missing).assertUnusable(
                "--output-dir " + missing + ": " + checkout.toAbsolutePath().resolve("nothing") + " does not exist");
        assertFalse(Files.exists(checkout.resolve("out")));
    }

    @Test
    void aTargetThroughALinkAndDotDotIsRefused() throws IOException {
        String json = Files.readString(Cli.EXAMPLES.resolve("docs-example.json")).replace(
                "{ \"type\": \"print\", \"resource\": \"Y\" }",
                "{ \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"evil/../stolen.npy\" }");
        Path model = Cli.write(checkout, "writes.json", json);
        Map<String, String> before = TrustBoundaryTest.snapshot(privateFolder);
        Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", checkout.toString())
                .assertUnusable("'evil/../stolen.npy' is in " + checkout.toAbsolutePath().resolve("evil/.."),
                        "which a symbolic link leads to " + privateFolder.toRealPath(), "outside the output folder");
        assertEquals(before, TrustBoundaryTest.snapshot(privateFolder));
        assertFalse(Files.exists(checkout.resolve("stolen.npy")), "nor is it written where '..' reads lexically");
        // With the confinement lifted, the file lands where the OS puts it.
        assertEquals(0, Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", checkout.toString(),
                "--write-anywhere").code());
        assertEquals(List.of("other-model.json", "secret.npy", "stolen.npy", "sub"), listing(privateFolder));
    }

    @Test
    void aSourcePathThroughALinkAndDotDotIsRefused() throws IOException {
        String json = Files.readString(Cli.EXAMPLES.resolve("docs-example.json")).replace("\"resources\": {",
                "\"resources\": { \"S\": { \"initialValues\": { \"sourcePath\": \"evil/../secret.npy\" } },");
        Path model = Cli.write(checkout, "reads.json", json);
        Cli.run("validate", model.toString()).assertUnusable("'evil/../secret.npy' resolves to "
                + privateFolder.toRealPath().resolve("secret.npy"), "outside the folders a model may read from");
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}

package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model file is untrusted input. Each attack here uses real files (links, a FIFO, oversized and deeply nested
 * headers) and asserts the exit code, the message (file, JSON path, line/column, rule) and that nothing outside the
 * folders the user chose changed. The layout: {@code models/} holds the model (and is the output folder),
 * {@code outside/} holds what an attacker would like to read or overwrite.
 */
class TrustBoundaryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    private Path models;
    private Path outside;
    private Path victim;
    private Path secret;

    @BeforeEach
    void layout() throws IOException {
        models = Files.createDirectories(root.resolve("models")).toRealPath();
        outside = Files.createDirectories(root.resolve("outside")).toRealPath();
        victim = Files.writeString(outside.resolve("victim.txt"), "precious\n");
        secret = outside.resolve("secret.npy");
        writeFloats(secret, 13f, 17f);
    }

    // ---- writeFile: output confinement ------------------------------------------------------------------------

    @Test
    void absoluteTargetIsRefusedAndNothingIsWritten() throws IOException {
        Map<String, String> before = snapshot(outside);
        Path model = model(List.of(writeFile(outside.resolve("evil.npy").toString())));
        run(model).assertUnusable("docs.json: commands[2].targetPath: '" + outside.resolve("evil.npy")
                + "' is an absolute path", "--write-anywhere allows any path", "(line ");
        assertEquals(before, snapshot(outside));
        assertFalse(Files.exists(outside.resolve("evil.npy")));
    }

    @Test
    void dotDotTargetIsRefused() throws IOException {
        Path model = model(List.of(writeFile("../outside/escape.npy")));
        Map<String, String> before = snapshot(root);
        run(model)
                .assertUnusable("commands[2].targetPath: '../outside/escape.npy' leaves the output folder " + models);
        assertEquals(before, snapshot(root));
    }

    @Test
    void targetThatIsASymlinkIsNeverWrittenThrough() throws IOException {
        Files.createSymbolicLink(models.resolve("out.npy"), victim);
        Map<String, String> before = snapshot(outside);
        run(model(List.of(writeFile("out.npy"))))
                .assertUnusable("commands[2].targetPath: 'out.npy' is a symbolic link", "never writes through one");
        assertEquals(before, snapshot(outside));
        assertEquals("precious\n", Files.readString(victim));
        // Not even with the confinement lifted.
        run(model(List.of(writeFile("out.npy"))), "--write-anywhere").assertUnusable("never writes through one");
        assertEquals("precious\n", Files.readString(victim));
    }

    @Test
    void targetUnderASymlinkedFolderIsRefused() throws IOException {
        Files.createSymbolicLink(models.resolve("sub"), outside);
        Map<String, String> before = snapshot(outside);
        run(model(List.of(writeFile("sub/x.npy"))))
                .assertUnusable("commands[2].targetPath: 'sub/x.npy' is in " + models.resolve("sub"),
                        "a symbolic link leads to " + outside, "outside the output folder");
        assertEquals(before, snapshot(outside));
    }

    @Test
    void aRefusedTargetStopsTheRunBeforeAnyCommandRuns() throws IOException {
        // The first writeFile is fine, the second is not: neither happens, and nothing is printed.
        Path model = model(List.of(writeFile("first.npy"), writeFile("/etc/second.npy")));
        Cli.Result result = run(model);
        result.assertUnusable("commands[3].targetPath");
        assertEquals("", result.out());
        assertFalse(Files.exists(models.resolve("first.npy")));
    }

    @Test
    void writeAnywhereLiftsTheConfinement() throws IOException {
        Path target = outside.resolve("wanted.npy");
        Cli.Result result = run(model(List.of(writeFile(target.toString()))), "--write-anywhere");
        assertEquals(0, result.code(), result.err());
        assertEquals(List.of(4L, 8L, 3L, 7L, 2L, 3L), floatsOf(target));
    }

    @Test
    void anExistingFileIsReplacedNotWrittenInPlace() throws IOException {
        // out.npy and keep.npy are one file (a hard link): the write must replace out.npy, leaving keep.npy as it was.
        writeFloats(models.resolve("keep.npy"), 1f);
        Files.createLink(models.resolve("out.npy"), models.resolve("keep.npy"));
        byte[] kept = Files.readAllBytes(models.resolve("keep.npy"));
        Cli.Result result = run(model(List.of(writeFile("out.npy"))));
        assertEquals(0, result.code(), result.err());
        assertEquals(List.of(4L, 8L, 3L, 7L, 2L, 3L), floatsOf(models.resolve("out.npy")));
        assertArrayEquals(kept, Files.readAllBytes(models.resolve("keep.npy")));
        try (Stream<Path> files = Files.list(models)) {
            assertEquals(List.of(), files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList(),
                    "no temporary file is left behind");
        }
    }

    @Test
    void outputDirIsCreatedAndConfinesTargets() throws IOException {
        Path out = root.resolve("results");
        Cli.Result result = Cli.run("run", model(List.of(writeFile("y.npy"))).toString(), "--backend", "emulator",
                "--output-dir", out.toString());
        assertEquals(0, result.code(), result.err());
        assertTrue(Files.isRegularFile(out.resolve("y.npy")));
        assertTrue(result.err().contains("wrote " + out.toRealPath().resolve("y.npy")), result.err());
        Cli.run("run", model(List.of(writeFile("../models/y.npy"))).toString(), "--backend", "emulator",
                "--output-dir", out.toString()).assertUnusable("leaves the output folder " + out);
    }

    @Test
    void aFailedWriteLeavesNoFile() throws IOException {
        OutputFolder folder = new OutputFolder(models, true);
        Path file = folder.resolve("half.npy").file().orElseThrow();
        Files.writeString(file, "before");
        IOException failure = new IOException("disk full");
        IOException thrown = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> folder.write("half.npy", channel -> {
                    channel.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
                    throw failure;
                }));
        assertEquals(failure, thrown);
        assertEquals("before", Files.readString(file), "the target keeps its old bytes");
        try (Stream<Path> files = Files.list(models)) {
            assertEquals(List.of(file), files.toList(), "and no temporary file remains");
        }
    }

    @Test
    void targetsThatCannotBeWrittenAreRefusedWhenPlanned() throws IOException {
        Files.writeString(models.resolve("plain"), "a file, not a folder");
        run(model(List.of(writeFile("plain/x.npy")))).assertUnusable("'plain/x.npy' is in " + models.resolve("plain")
                + ", which is not a folder");
        String longName = "n".repeat(201) + ".npy";
        run(model(List.of(writeFile(longName)))).assertUnusable("has a file name longer than 200 characters");
        Path readOnly = models.resolve("read-only.npy");
        writeFloats(readOnly, 1f);
        assumeTrue(readOnly.toFile().setWritable(false), "cannot make a file read-only here");
        assumeTrue(!Files.isWritable(readOnly), "running as a user who writes read-only files anyway (root)");
        run(model(List.of(writeFile("read-only.npy")))).assertUnusable("is read-only");
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws IOException {
        Path target = models.resolve("kept.npy");
        writeFloats(target, 1f);
        assumeTrue(Files.getFileStore(target).supportsFileAttributeView("posix"), "no POSIX permissions here");
        Files.setPosixFilePermissions(target, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        assertEquals(0, run(model(List.of(writeFile("kept.npy")))).code());
        assertEquals("rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(target)));
        assertEquals(List.of(4L, 8L, 3L, 7L, 2L, 3L), floatsOf(target));
    }

    @Test
    void relativePathsThroughLinksAreRefused() throws IOException {
        // A checkout can carry links: a relative --output-dir, --read-dir or model path through one is refused.
        Path cwd = Path.of("").toAbsolutePath();
        Path link = Files.createSymbolicLink(cwd.resolve("target/dmlemu-link-" + System.nanoTime()), outside);
        try {
            Path relativeLink = cwd.relativize(link);
            Path model = model(List.of(writeFile("x.npy")));
            Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", relativeLink.toString())
                    .assertUnusable("--output-dir " + relativeLink + ": " + link + " is a symbolic link (to "
                            + outside + ")");
            Cli.run("validate", model.toString(), "--read-dir", relativeLink.toString())
                    .assertUnusable("--read-dir " + relativeLink + ": ");
            Files.copy(model, outside.resolve("m.json"));
            Cli.run("validate", relativeLink.resolve("m.json").toString()).assertUnusable("the model "
                    + relativeLink.resolve("m.json") + ": " + link + " is a symbolic link");
            assertEquals(List.of("m.json", "secret.npy", "victim.txt"), listing(outside));
            // The same folder by its absolute path is the user's explicit choice.
            assertEquals(0, Cli.run("validate", link.resolve("m.json").toString()).code());
        } finally {
            Files.delete(link);
        }
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void namesThatCouldBeCiCommandsAreQuoted() throws IOException {
        // GitHub Actions acts on a log line that starts with "::"; a dispatchable name begins diagnostic lines.
        String json = Files.readString(Cli.EXAMPLES.resolve("docs-example.json"))
                .replace("\"ge\": {", "\"::error file=README.md::checks passed\": {")
                .replace("\"dispatchable\": \"ge\"", "\"dispatchable\": \"::error file=README.md::checks passed\"")
                .replace("\"Axis\": 2", "\"Axis\": 7");
        Cli.Result result = Cli.run("validate", Cli.write(models, "ci.json", json).toString());
        assertEquals(1, result.code());
        for (String line : result.out().split("\n")) {
            assertFalse(line.startsWith("::") || line.startsWith("##"), line);
        }
        assertTrue(result.out().startsWith("'::error file=README.md::checks passed': error AXIS_OUT_OF_RANGE"),
                result.out());
    }

    // ---- sourcePath: input confinement ------------------------------------------------------------------------

    @Test
    void absoluteSourcePathIsRefused() {
        Cli.Result result = run(modelReading(secret.toString()));
        result.assertUnusable("docs.json: resources.S.initialValues.sourcePath: '" + secret + "' resolves to "
                + secret + ", outside the folders a model may read from (" + models + ")",
                "add its folder with --read-dir", "(line ");
        assertFalse(result.out().contains("13"), "the secret is never printed: " + result.out());
    }

    @Test
    void dotDotSourcePathIsRefused() {
        run(modelReading("../outside/secret.npy")).assertUnusable("'../outside/secret.npy' resolves to " + secret,
                "outside the folders a model may read from");
    }

    @Test
    void symlinkPointingOutIsRefused() throws IOException {
        Files.createSymbolicLink(models.resolve("inside.npy"), secret);
        run(modelReading("inside.npy")).assertUnusable("'inside.npy' resolves to " + secret, "outside the folders");
    }

    @Test
    void readDirAllowsAFolder() {
        Cli.Result result = run(modelReading("../outside/secret.npy"), "--read-dir", outside.toString());
        assertEquals(0, result.code(), result.err());
        assertTrue(result.out().contains("Resource 'S': 13, 17"), result.out());
    }

    @Test
    void readDirMustBeAFolder() {
        run(modelReading("x.npy"), "--read-dir", root.resolve("nope").toString())
                .assertUnusable("--read-dir " + root.resolve("nope"));
    }

    @Test
    void fifoIsRefusedWithoutBlocking() throws Exception {
        Path fifo = models.resolve("fifo.npy");
        assumeTrue(mkfifo(fifo), "no mkfifo on this OS: a FIFO cannot be made to test with");
        Path model = modelReading("fifo.npy");
        for (String command : List.of("run", "validate")) {
            Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> Cli.run(command, model.toString()));
            result.assertUnusable("'fifo.npy' is not a regular file", "only regular files are read");
        }
        // A FIFO given as the model itself is refused too.
        Cli.Result itself = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Cli.run("validate",
                fifo.toString()));
        itself.assertUnusable("fifo.npy", "not a readable file");
    }

    @Test
    void devicesAndFoldersAreNotRead() throws IOException {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero on this OS: no device to test with");
        Files.createSymbolicLink(models.resolve("zero.npy"), zero);
        run(modelReading("zero.npy"), "--read-dir", "/dev")
                .assertUnusable("'zero.npy' is not a regular file (a FIFO, socket or device)");
        Files.createDirectories(models.resolve("folder.npy"));
        run(modelReading("folder.npy")).assertUnusable("'folder.npy' is not a regular file (a directory)");
    }

    @Test
    void deeplyNestedNpyHeaderIsRefusedWithItsReason() throws IOException {
        String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': " + "(".repeat(30_000) + "}";
        byte[] header = dict.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer file = ByteBuffer.allocate(12 + header.length).order(ByteOrder.LITTLE_ENDIAN);
        file.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 2).put((byte) 0)
                .putInt(header.length).put(header);
        Files.write(models.resolve("deep.npy"), file.array());
        Cli.Result result = run(modelReading("deep.npy"));
        result.assertUnusable("resources.S.initialValues.sourcePath", "deep.npy: unreadable header",
                "nested more than 8 deep");
        assertTrue(result.err().split("\n").length <= 2, "one line of message, no trace: " + result.err());
    }

    // ---- bounded parsing ---------------------------------------------------------------------------------------

    @Test
    void modelLargerThanTheLimitIsRefusedBeforeParsing() {
        Path model = model(List.of());
        run(model, "--max-model-bytes", "100").assertUnusable("docs.json: the model file has", "more than the limit"
                + " of 100 bytes (raise it with --max-model-bytes)");
        Cli.run("validate", model.toString(), "--max-model-bytes", "100").assertUnusable("--max-model-bytes");
    }

    // ---- raw .dat/.bin files, list initializers and offsets: the same boundary -------------------------------

    @Test
    void rawFilesAreConfinedLikeNpyFiles() throws IOException {
        Path secretDat = Files.write(outside.resolve("secret.dat"), littleEndianFloats(13f, 17f));
        Cli.Result absolute = run(modelReading(secretDat.toString()));
        absolute.assertUnusable("docs.json: resources.S.initialValues.sourcePath: '" + secretDat + "' resolves to "
                + secretDat + ", outside the folders a model may read from (" + models + ")", "(line ");
        assertFalse(absolute.out().contains("13"), "the secret is never printed: " + absolute.out());
        run(modelReading("../outside/secret.dat")).assertUnusable("'../outside/secret.dat' resolves to " + secretDat,
                "outside the folders a model may read from");
        Files.createSymbolicLink(models.resolve("inside.bin"), secretDat);
        run(modelReading("inside.bin")).assertUnusable("'inside.bin' resolves to " + secretDat, "outside the folders");
        Cli.Result allowed = run(modelReading("../outside/secret.dat"), "--read-dir", outside.toString());
        assertEquals(0, allowed.code(), allowed.err());
        assertTrue(allowed.out().contains("Resource 'S': 13, 17"), allowed.out());
    }

    @Test
    void rawFifosDevicesFoldersAndEmptyFilesAreRefused() throws Exception {
        Files.createDirectories(models.resolve("folder.dat"));
        run(modelReading("folder.dat")).assertUnusable("'folder.dat' is not a regular file (a directory)");
        Files.write(models.resolve("empty.bin"), new byte[0]);
        run(modelReading("empty.bin")).assertUnusable("resources.S.initialValues.sourcePath: 'empty.bin' is empty;"
                + " initial values must be non-empty (line ");
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            Files.createSymbolicLink(models.resolve("zero.dat"), zero);
            run(modelReading("zero.dat"), "--read-dir", "/dev").assertUnusable("'zero.dat' is not a regular file");
        }
        Path fifo = models.resolve("fifo.dat");
        assumeTrue(mkfifo(fifo), "no mkfifo on this OS: a FIFO cannot be made to test with");
        Path model = modelReading("fifo.dat");
        for (String command : List.of("run", "validate")) {
            Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> Cli.run(command, model.toString()));
            result.assertUnusable("'fifo.dat' is not a regular file", "only regular files are read");
        }
    }

    @Test
    void rawFilesCountAgainstTheResourceLimitBeforeTheyAreRead() throws IOException {
        Files.write(models.resolve("big.dat"), new byte[1 << 20]);
        run(modelReading("big.dat"), "--max-resource-bytes", "1000000").assertUnusable(
                "docs.json: resources.S: the resources need", "bytes up to this one", "more than the limit of 1000000"
                        + " bytes for all resources together", "(line ");
    }

    @Test
    void rawTargetsAreConfinedLikeNpyTargets() throws IOException {
        Map<String, String> before = snapshot(outside);
        run(model(List.of(writeFile("../outside/victim.txt.dat")))).assertUnusable(
                "commands[2].targetPath: '../outside/victim.txt.dat' leaves the output folder " + models);
        run(model(List.of(writeFile(outside.resolve("evil.bin").toString())))).assertUnusable(
                "commands[2].targetPath: '" + outside.resolve("evil.bin") + "' is an absolute path");
        run(model(List.of(writeFile("run.sh")))).assertUnusable("commands[2].targetPath: writeFile writes .npy, or"
                + " raw .dat and .bin, not 'run.sh'");
        assertEquals(before, snapshot(outside));
        assertFalse(Files.exists(models.resolve("run.sh")));
        Files.createSymbolicLink(models.resolve("link.dat"), victim);
        run(model(List.of(writeFile("link.dat")))).assertUnusable("link.dat");
        assertEquals("precious\n", Files.readString(victim));
    }

    @Test
    void listInitializersCountAgainstTheResourceLimitAsTheyAreRead() throws IOException {
        // 2,000 entries count 8 bytes each before they are built: 16,000 bytes.
        String entries = "[" + "{\"type\": \"UINT8\", \"value\": 1},".repeat(1999) + "{\"type\": \"UINT8\", \"value\": 1}]";
        Path model = Files.writeString(models.resolve("list.json"), "{\"resources\": {\n"
                + "  \"L\": {\"initialValues\": " + entries + "}},\n \"dispatchables\": {}, \"commands\": []}");
        Cli.run("validate", model.toString(), "--max-resource-bytes", "15999").assertUnusable(
                "list.json: resources.L.initialValues: 2000 list initializer entries need up to 16000 bytes",
                "more than the limit of 15999 bytes", "(line 2, column 26)");
        assertEquals(0, Cli.run("validate", model.toString(), "--max-resource-bytes", "16000").code());
    }

    @Test
    void inlineValuesCountAgainstTheResourceLimitAsTheyAreRead() throws IOException {
        // 4,000 UINT32 values are 16,000 bytes: refused at the array, with its position, before it is built.
        String values = "[" + "7,".repeat(3999) + "7]";
        Path model = Files.writeString(models.resolve("inline.json"), "{\"resources\": {\n"
                + "  \"A\": {\"initialValuesDataType\": \"UINT32\", \"initialValues\": " + values + "}},\n"
                + " \"dispatchables\": {}, \"commands\": []}");
        for (String command : List.of("run", "validate")) {
            Cli.run(command, model.toString(), "--max-resource-bytes", "15999").assertUnusable(
                    "inline.json: resources.A.initialValues: 4000 UINT32 values need 16000 bytes",
                    "more than the limit of 15999 bytes", "--max-resource-bytes", "(line 2, column 61)");
        }
        assertEquals(0, Cli.run("validate", model.toString(), "--max-resource-bytes", "16000").code());
    }

    @Test
    void tooManyJsonValuesAreRefused() throws IOException {
        StringBuilder text = new StringBuilder("{\"resources\": {}, \"dispatchables\": {}, \"commands\": [");
        text.append("0,".repeat(250_000)).append("0]}");
        Path model = Files.writeString(models.resolve("wide.json"), text);
        Cli.run("validate", model.toString()).assertUnusable("wide.json",
                "more than 250000 JSON values outside initialValues arrays");
    }

    @Test
    void deeplyNestedJsonIsRefused() throws IOException {
        Path model = Files.writeString(models.resolve("deep.json"), "{\"resources\": {}, \"dispatchables\": {},"
                + " \"commands\": [" + "[".repeat(5000) + "]".repeat(5000) + "]}");
        Cli.run("validate", model.toString()).assertUnusable("deep.json: malformed JSON: Document nesting depth (65)"
                + " exceeds the maximum allowed (64)", "(line 1");
    }

    // ---- work budgets --------------------------------------------------------------------------------------

    @Test
    void anIntegerProductIsChargedItsMultiplyAdds() throws IOException {
        // A model of a few hundred bytes asking for 2^37 multiply-adds: A [4096, 8192] x B [8192, 4096] would be
        // hours of arithmetic on the emulator. Its resources fit the default resource budget (128 MiB of 256); the
        // work budget refuses it before the first command runs.
        Path product = Files.writeString(models.resolve("product.json"), """
                {
                  "resources": {
                    "A": { "initialValuesDataType": "INT8", "initialValues": { "valueCount": 33554432, "value": 1 } },
                    "B": { "initialValuesDataType": "INT8", "initialValues": { "valueCount": 33554432, "value": 1 } },
                    "Y": { "initialValuesDataType": "INT32", "initialValues": { "valueCount": 16777216, "value": 0 } }
                  },
                  "dispatchables": {
                    "mm": { "type": "MATRIX_MULTIPLY_INTEGER", "desc": {
                      "ATensor": { "DataType": "INT8", "Sizes": [4096, 8192] },
                      "BTensor": { "DataType": "INT8", "Sizes": [8192, 4096] },
                      "OutputTensor": { "DataType": "INT32", "Sizes": [4096, 4096] } } }
                  },
                  "commands": [
                    { "type": "dispatch", "dispatchable": "mm",
                      "bindings": { "ATensor": "A", "BTensor": "B", "OutputTensor": "Y" } }
                  ]
                }
                """);
        Cli.run("run", product.toString(), "--backend", "emulator").assertUnusable("product.json: commands[0]: the"
                + " run's dispatches would read and write 137522839552 tensor elements up to this command",
                "the integer products' multiply-adds", "more than the limit of 17179869184", "--max-elements");
    }

    @Test
    void aMaxPoolingIsChargedItsWindowReads() throws IOException {
        // A 1024 x 1024 window over a 2048 x 2048 input at stride 1: 1025^2 outputs of 2^20 reads each. The emulator
        // ran past a minute on it before the budget counted the window.
        Path pool = Files.writeString(models.resolve("pool.json"), """
                {
                  "resources": {
                    "X": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 4194304, "value": 1 } },
                    "Y": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 1050625, "value": 0 } }
                  },
                  "dispatchables": {
                    "p": { "type": "MAX_POOLING", "desc": {
                      "InputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 2048, 2048] },
                      "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 1025, 1025] },
                      "DimensionCount": 2, "Strides": [1, 1], "WindowSize": [1024, 1024],
                      "StartPadding": [0, 0], "EndPadding": [0, 0] } }
                  },
                  "commands": [
                    { "type": "dispatch", "dispatchable": "p", "bindings": { "InputTensor": "X", "OutputTensor": "Y" } }
                  ]
                }
                """);
        Cli.run("run", pool.toString(), "--backend", "emulator").assertUnusable("pool.json: commands[0]: the run's"
                + " dispatches would read and write 1101665404929 tensor elements", "the poolings' window reads",
                "--max-elements");
    }

    @Test
    void anAveragePoolingIsChargedItsWindowReads() throws IOException {
        // The same window as AVERAGE_POOLING: refused before the first command, as the max pooling is.
        Path pool = Files.writeString(models.resolve("average.json"), """
                {
                  "resources": {
                    "X": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 4194304, "value": 1 } },
                    "Y": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 1050625, "value": 0 } }
                  },
                  "dispatchables": {
                    "p": { "type": "AVERAGE_POOLING", "desc": {
                      "InputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 2048, 2048] },
                      "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 1025, 1025] },
                      "DimensionCount": 2, "Strides": [1, 1], "WindowSize": [1024, 1024],
                      "StartPadding": [0, 0], "EndPadding": [0, 0], "IncludePadding": false } }
                  },
                  "commands": [
                    { "type": "dispatch", "dispatchable": "p", "bindings": { "InputTensor": "X", "OutputTensor": "Y" } }
                  ]
                }
                """);
        Cli.run("run", pool.toString(), "--backend", "emulator").assertUnusable("average.json: commands[0]: the run's"
                + " dispatches would read and write 1101665404929 tensor elements", "the poolings' window reads",
                "--max-elements");
    }

    @Test
    void runsBeyondTheElementBudgetAreRefusedBeforeRunning() {
        // The docs example's dispatch reads and writes 21 elements: X (9), I (6) and Y (6).
        Path model = model(List.of());
        assertEquals(0, run(model, "--max-elements", "21").code());
        run(model, "--max-elements", "20").assertUnusable("docs.json: commands[0]: the run's dispatches would read and"
                + " write 21 tensor elements up to this command", "more than the limit of 20", "--max-elements",
                "(line ");
        // Every timed execution counts: 1 warm-up and 4 iterations of 21.
        run(model, "--max-elements", "104", "--iterations", "4", "--warmup", "1")
                .assertUnusable("the run's dispatches would read and write 105 tensor elements");
    }

    /**
     * A scatter's updates are work too: 100 index rows of one coordinate and their 100 x 4 updates into a 1 x 4
     * output read and write 4 + 100 + 400 + 4 = 508 elements, where the output alone is 4.
     */
    @Test
    void scatterUpdatesCountAgainstTheElementBudget() throws IOException {
        Path model = Files.writeString(models.resolve("scatter.json"), """
                {"resources": {
                  "X": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 4, "value": 0}},
                  "I": {"initialValuesDataType": "UINT32", "initialValues": {"valueCount": 100, "value": 0}},
                  "U": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 400, "value": 1}},
                  "Y": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 4, "value": 0}}},
                 "dispatchables": {"s": {"type": "SCATTER_ND", "desc": {
                  "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 4]},
                  "IndicesTensor": {"DataType": "UINT32", "Sizes": [100, 1]},
                  "UpdatesTensor": {"DataType": "FLOAT32", "Sizes": [100, 4]},
                  "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 4]},
                  "InputDimensionCount": 2, "IndicesDimensionCount": 2}}},
                 "commands": [{"type": "dispatch", "dispatchable": "s", "bindings": {"InputTensor": "X",
                  "IndicesTensor": "I", "UpdatesTensor": "U", "OutputTensor": "Y"}},
                  {"type": "dispatch", "dispatchable": "s", "bindings": {"InputTensor": "X",
                  "IndicesTensor": "I", "UpdatesTensor": "U", "OutputTensor": "Y"}}]}
                """);
        Cli.Result fits = run(model, "--max-elements", "1016");
        assertEquals(0, fits.code(), fits.err());
        run(model, "--max-elements", "1015").assertUnusable("scatter.json: commands[1]: the run's dispatches would read"
                + " and write 1016 tensor elements up to this command", "updates", "more than the limit of 1015",
                "--max-elements");
        run(model, "--max-elements", "16").assertUnusable("scatter.json: commands[0]: the run's dispatches would read"
                + " and write 508 tensor elements");
    }

    @Test
    void outputBeyondTheByteBudgetIsRefusedBeforeRunning() {
        // print Y: 6 values at 26 bytes = 156; each writeFile is a 152-byte file counted as a 4096-byte block.
        Path model = model(List.of(writeFile("a.npy"), writeFile("b.npy")));
        run(model, "--max-output-bytes", "8347").assertUnusable("commands[3]: the run would write about 8348 bytes",
                "--max-output-bytes");
        assertFalse(Files.exists(models.resolve("a.npy")));
        assertEquals(0, run(model, "--max-output-bytes", "8348").code());
        // A million tiny files are the gigabytes of blocks they take.
        run(model(java.util.Collections.nCopies(1000, writeFile("a.npy"))), "--max-output-bytes", "4000000")
                .assertUnusable("commands[978]: the run would write about 4001948");
    }

    @Test
    void jsonValuesCountAsOutput() {
        // --json with nothing printed shows the bound output Y: 6 values at 26 bytes.
        Path model = Cli.write(models, "quiet.json", docsWithoutPrint());
        run(model, "--json", "--max-output-bytes", "155").assertUnusable("the run would write about 156 bytes");
        assertEquals(0, run(model, "--json", "--max-output-bytes", "156").code());
    }

    private static String docsWithoutPrint() {
        try {
            ObjectNode model = (ObjectNode) JSON.readTree(Cli.EXAMPLES.resolve("docs-example.json").toFile());
            ((ArrayNode) model.get("commands")).remove(1);
            return JSON.writeValueAsString(model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- --json failures ---------------------------------------------------------------------------------------

    @Test
    void jsonFailuresAreOneObjectOnStdout() throws IOException {
        Cli.Result refused = run(model(List.of(writeFile("../x.npy"))), "--json");
        refused.assertUnusable("leaves the output folder");
        JsonNode error = refused.json().get("error");
        assertEquals(2, error.get("exitCode").asInt());
        assertEquals("unusable-input", error.get("kind").asText());
        assertTrue(error.get("message").asText().contains("leaves the output folder"), refused.out());
        assertEquals(models.resolve("docs.json").toString(), error.get("file").asText());
        assertEquals("commands[2].targetPath", error.get("path").asText());
        assertTrue(error.get("line").asInt() > 1 && error.get("column").asInt() > 1, refused.out());

        Cli.Result usage = Cli.run("validate", "--json", "--no-such-flag");
        assertEquals(2, usage.code());
        assertEquals("unusable-input", usage.json().at("/error/kind").asText());

        Cli.Result backend = Cli.run("run", model(List.of()).toString(), "--backend", "directml", "--json");
        if (!Cli.isWindows() && !Cli.linuxDirectMlSetUp()) {
            assertEquals(3, backend.code());
            assertEquals("backend-unavailable", backend.json().at("/error/kind").asText());
            assertEquals(3, backend.json().at("/error/exitCode").asInt());
        }
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    /** The docs example in {@code models/docs.json}, with extra commands after its dispatch and print. */
    private Path model(List<ObjectNode> extraCommands) {
        try {
            ObjectNode model = (ObjectNode) JSON.readTree(Cli.EXAMPLES.resolve("docs-example.json").toFile());
            ArrayNode commands = (ArrayNode) model.get("commands");
            extraCommands.forEach(commands::add);
            return Files.writeString(models.resolve("docs.json"),
                    JSON.writerWithDefaultPrettyPrinter().writeValueAsString(model));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The docs example plus a FLOAT32 resource {@code S} read from {@code sourcePath}, printed at the end. */
    private Path modelReading(String sourcePath) {
        try {
            ObjectNode print = JSON.createObjectNode().put("type", "print").put("resource", "S");
            Path path = model(List.of(print));
            ObjectNode model = (ObjectNode) JSON.readTree(path.toFile());
            ObjectNode resource = ((ObjectNode) model.get("resources")).putObject("S");
            resource.put("initialValuesDataType", "FLOAT32");
            resource.putObject("initialValues").put("sourcePath", sourcePath);
            return Files.writeString(path, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(model));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode writeFile(String targetPath) {
        return JSON.createObjectNode().put("type", "writeFile").put("resource", "Y").put("targetPath", targetPath);
    }

    /** {@code run MODEL --backend emulator --output-dir models/} plus {@code extra}. */
    private Cli.Result run(Path model, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("run", model.toString(), "--backend", "emulator",
                "--output-dir", models.toString()));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    private static void writeFloats(Path file, float... values) {
        ByteBuffer data = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            data.putFloat(value);
        }
        NpyFile.write(file, TensorDataType.FLOAT32, List.of((long) values.length), data.flip());
    }

    private static byte[] littleEndianFloats(float... values) {
        ByteBuffer data = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            data.putFloat(value);
        }
        return data.array();
    }

    private static List<Long> floatsOf(Path npy) {
        NpyFile.Array array = NpyFile.read(npy);
        ByteBuffer data = array.data().order(ByteOrder.LITTLE_ENDIAN);
        List<Long> values = new java.util.ArrayList<>();
        for (int at = 0; at < data.limit(); at += 4) {
            values.add((long) data.getFloat(at));
        }
        return values;
    }

    private static boolean mkfifo(Path path) {
        try {
            Process process = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
            return process.waitFor() == 0 && Files.exists(path);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Every path under {@code dir} (links not followed) with a hash of its contents, or its link target. */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.toList()) {
                String key = dir.relativize(path).toString();
                if (Files.isSymbolicLink(path)) {
                    entries.put(key, "link to " + Files.readSymbolicLink(path));
                } else if (Files.isRegularFile(path)) {
                    entries.put(key, sha256(Files.readAllBytes(path)));
                } else {
                    entries.put(key, "folder");
                }
            }
        }
        return entries;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

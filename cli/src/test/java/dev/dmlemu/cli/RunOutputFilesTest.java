package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run's writeFile commands leave behind: a folder that cannot be written stops the run before anything runs,
 * a run that fails later names the files it already wrote, a run never writes a file it reads, and a batch that
 * writes one target from two files says so.
 */
class RunOutputFilesTest {

    @TempDir
    Path root;

    private Path dir;

    @BeforeEach
    void folder() throws IOException {
        dir = root.toRealPath();
    }

    /**
     * The docs example, then {@code commands}: {@code J} holds index 7, out of range for the axis of size 3, so a
     * dispatch with it fails under {@code --index-policy strict}.
     */
    private Path model(String name, String... commands) {
        String json = """
                {
                  "resources": {
                    "X": { "initialValuesDataType": "FLOAT32", "initialValues": [1, 2, 3, 4, 5, 6, 7, 8, 9] },
                    "I": { "initialValuesDataType": "UINT32", "initialValues": [1, 2, 0, 2, 0, 0] },
                    "J": { "initialValuesDataType": "UINT32", "initialValues": [7, 0, 0, 0, 0, 0] },
                    "Y": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 6, "value": 0 } }
                  },
                  "dispatchables": { "ge": { "type": "GATHER_ELEMENTS", "desc": {
                    "InputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 3, 3] },
                    "IndicesTensor": { "DataType": "UINT32", "Sizes": [1, 1, 2, 3] },
                    "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 2, 3] },
                    "Axis": 2 } } },
                  "commands": [
                    %s
                  ]
                }
                """.formatted(String.join(",\n    ", commands));
        return Cli.write(dir, name, json);
    }

    private static String dispatch(String indices) {
        return "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": { \"InputTensor\": \"X\","
                + " \"IndicesTensor\": \"" + indices + "\", \"OutputTensor\": \"Y\" } }";
    }

    private static String writeFile(String target) {
        return "{ \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"" + target + "\" }";
    }

    private Cli.Result run(List<Path> models, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "--backend", "emulator", "--output-dir", dir.toString()));
        models.forEach(model -> args.add(model.toString()));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    // ---- a failure after a write ------------------------------------------------------------------------------

    @Test
    void aRunThatFailsAfterWritingNamesTheFilesItWrote() {
        Path model = model("m.json", dispatch("I"), writeFile("first.npy"), dispatch("J"), writeFile("second.npy"));
        Cli.Result text = run(List.of(model), "--index-policy", "strict");
        text.assertUnusable("m.json: commands[2]: dispatch 'ge': ");
        assertEquals(List.of("backend: emulator, feature level: DML_FEATURE_LEVEL_6_4, index policy: strict",
                "wrote " + dir.resolve("first.npy")), List.of(text.err().split("\n")).subList(0, 2));
        assertTrue(Files.isRegularFile(dir.resolve("first.npy")));
        assertFalse(Files.exists(dir.resolve("second.npy")));

        Cli.Result json = run(List.of(model), "--index-policy", "strict", "--json");
        assertEquals(2, json.code());
        JsonNode failure = json.json();
        assertEquals("commands[2]", failure.at("/error/path").asText());
        assertEquals(List.of(dir.resolve("first.npy").toString()), texts(failure.get("files")));
    }

    @Test
    void aBatchEntryThatFailsAfterWritingNamesTheFilesItWrote() throws IOException {
        Path failing = model("m.json", dispatch("I"), writeFile("first.npy"), dispatch("J"));
        Path fine = model("fine.json", dispatch("I"), writeFile("fine.npy"));
        Cli.Result json = run(List.of(failing, fine), "--index-policy", "strict", "--json");
        assertEquals(2, json.code());
        JsonNode array = json.json();
        assertEquals("unusable-input", array.get(0).at("/error/kind").asText());
        assertEquals(List.of(dir.resolve("first.npy").toString()), texts(array.get(0).get("files")));
        assertEquals(List.of(dir.resolve("fine.npy").toString()), texts(array.get(1).get("files")));
    }

    @Test
    void aFolderThatCannotBeWrittenStopsTheRunBeforeAnyWrite() throws IOException {
        Path readOnly = Files.createDirectories(dir.resolve("ro"));
        assumeTrue(readOnly.toFile().setWritable(false), "cannot make a folder read-only here");
        try {
            assumeTrue(!Files.isWritable(readOnly), "running as a user who writes read-only folders anyway (root)");
            Path model = model("m.json", dispatch("I"), writeFile("first.npy"), writeFile("ro/second.npy"));
            Cli.Result result = run(List.of(model));
            result.assertUnusable("m.json: commands[2].targetPath: 'ro/second.npy' is in the folder " + readOnly
                    + ", which cannot be written (permission denied)");
            assertEquals(List.of("m.json", "ro"), listing(dir), "nothing was written, not even first.npy");

            // An output folder that would have to be created in it: the same, with the reason.
            Cli.Result nested = Cli.run("run", model("n.json", writeFile("y.npy")).toString(), "--backend",
                    "emulator", "--output-dir", readOnly.resolve("out").toString());
            nested.assertUnusable("n.json: commands[0].targetPath: 'y.npy' needs the output folder "
                    + readOnly.resolve("out") + ", which cannot be created in " + readOnly + " (permission denied)");
        } finally {
            readOnly.toFile().setWritable(true);
        }
    }

    @Test
    void anOutputFolderThatCannotBeCreatedStopsTheRunBeforeAnyWrite() throws IOException {
        Files.writeString(dir.resolve("plain"), "a file, not a folder");
        Path model = model("m.json", dispatch("I"), writeFile("y.npy"));
        Cli.Result result = Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir",
                dir.resolve("plain/out").toString());
        result.assertUnusable("m.json: commands[1].targetPath: 'y.npy' needs the output folder "
                + dir.resolve("plain/out") + ", which cannot be created: " + dir.resolve("plain") + " is not a folder");
        assertEquals("", result.out(), "nothing ran");
    }

    // ---- files the run reads ----------------------------------------------------------------------------------

    @Test
    void aRunNeverWritesItsOwnSourceFile() throws IOException {
        Files.copy(Cli.EXAMPLES.resolve("npy-backed-data.npy"), dir.resolve("in.npy"));
        byte[] before = Files.readAllBytes(dir.resolve("in.npy"));
        String json = Files.readString(model("m.json", dispatch("I"), writeFile("in.npy"))).replace(
                "\"resources\": {", "\"resources\": { \"S\": { \"initialValues\": { \"sourcePath\": \"in.npy\" } },");
        Path model = Cli.write(dir, "m.json", json);
        run(List.of(model)).assertUnusable("m.json: commands[1].targetPath: 'in.npy' is the sourcePath of resource"
                + " 'S' (" + dir.resolve("in.npy") + "), which this run reads; a run never writes a file it reads");
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("in.npy")));
        // Nor through another name for the same folder.
        Files.createDirectories(dir.resolve("sub"));
        Path again = Cli.write(dir, "m.json", json.replace("\"targetPath\": \"in.npy\"",
                "\"targetPath\": \"sub/../in.npy\""));
        run(List.of(again)).assertUnusable("which this run reads");
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("in.npy")));
    }

    @Test
    void aRunNeverWritesItsOwnModelFile() throws IOException {
        // A model file may have any name, .bin included; a .bin target is the resource's raw bytes.
        Path model = model("model.bin", dispatch("I"), writeFile("model.bin"));
        byte[] before = Files.readAllBytes(model);
        run(List.of(model)).assertUnusable("model.bin: commands[1].targetPath: 'model.bin' is the model file ("
                + model + "), which this run reads");
        assertArrayEquals(before, Files.readAllBytes(model));
    }

    /**
     * In a batch, no file writes a model file of the batch (all are known before the first runs), nor a file an
     * earlier file read; a later file's sources are not known then, and a batch may chain (a file reads what an
     * earlier one wrote).
     */
    @Test
    void aBatchNeverWritesItsModelFilesNorWhatAnEarlierFileRead() throws IOException {
        Path later = Cli.write(dir, "later.npy", "not a model, but a file of the batch");
        byte[] laterBefore = Files.readAllBytes(later);
        Path writesLater = model("a.json", dispatch("I"), writeFile("later.npy"));
        Cli.Result result = run(List.of(writesLater, later));
        assertEquals(2, result.code(), result.err());
        assertTrue(result.out().contains(writesLater + ": commands[1].targetPath: 'later.npy' is the model file "
                + later + " of this batch (" + later + "), which this run reads"), result.out());
        assertArrayEquals(laterBefore, Files.readAllBytes(later));

        Files.copy(Cli.EXAMPLES.resolve("npy-backed-data.npy"), dir.resolve("in.npy"));
        byte[] inBefore = Files.readAllBytes(dir.resolve("in.npy"));
        String reads = Files.readString(model("reads.json", dispatch("I"))).replace("\"resources\": {",
                "\"resources\": { \"S\": { \"initialValues\": { \"sourcePath\": \"in.npy\" } },");
        Path first = Cli.write(dir, "reads.json", reads);
        Path second = model("writes.json", dispatch("I"), writeFile("in.npy"));
        Cli.Result earlier = run(List.of(first, second));
        assertEquals(2, earlier.code(), earlier.err());
        assertTrue(earlier.out().contains(second + ": commands[1].targetPath: 'in.npy' is the sourcePath of resource"
                + " 'S' of " + first + ", earlier in this batch (" + dir.resolve("in.npy") + ")"), earlier.out());
        assertArrayEquals(inBefore, Files.readAllBytes(dir.resolve("in.npy")));

        // A chain: the first file writes what the second reads.
        Path writer = model("w.json", dispatch("I"), writeFile("chain.npy"));
        Path reader = Cli.write(dir, "r.json", reads.replace("in.npy", "chain.npy"));
        assertEquals(0, run(List.of(writer, reader)).code());
    }

    // ---- folders on the way -----------------------------------------------------------------------------------

    @Test
    void aMissingOutputFolderIsCreatedForATargetSpelledWithDot() {
        for (String target : List.of("./x.npy", ".//x.npy", "x.npy")) {
            Path out = dir.resolve("new-" + target.length());
            Cli.Result result = Cli.run("run", model("m.json", dispatch("I"), writeFile(target)).toString(),
                    "--backend", "emulator", "--output-dir", out.toString());
            assertEquals(0, result.code(), target + ": " + result.err());
            assertTrue(Files.isRegularFile(out.resolve("x.npy")), target);
        }
    }

    @Test
    void aMissingFolderOnTheWayIsNamed() {
        Path model = model("m.json", dispatch("I"), writeFile("sub/../x.npy"));
        run(List.of(model)).assertUnusable("'sub/../x.npy' is in a folder that does not exist ("
                + dir.resolve("sub") + ")");
        Path out = dir.resolve("new");
        Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", out.toString())
                .assertUnusable("'sub/../x.npy' is in a folder that does not exist (" + out.resolve("sub") + ")");
        assertFalse(Files.exists(out), "nothing created");
    }

    /**
     * A folder on a read-only file system is refused with the OS's reason, not "permission denied". Mounting needs
     * root (and a kernel that lets the container mount tmpfs).
     */
    @Test
    void aReadOnlyFileSystemSaysSo() throws Exception {
        Path mount = Files.createDirectories(dir.resolve("ro-mount"));
        int mounted = mount("mount", "-t", "tmpfs", "-o", "ro", "tmpfs", mount.toString());
        assumeTrue(mounted == 0, "cannot mount a read-only tmpfs here (needs root and mount rights)");
        try {
            Path model = model("m.json", dispatch("I"), writeFile("y.npy"));
            Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", mount.toString())
                    .assertUnusable("'y.npy' is in the folder " + mount + ", which cannot be written (read-only"
                            + " file system)");
            Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", mount.resolve("new").toString())
                    .assertUnusable("needs the output folder " + mount.resolve("new") + ", which cannot be created in "
                            + mount + " (read-only file system)");
        } finally {
            assertEquals(0, mount("umount", mount.toString()));
        }
    }

    /** An immutable folder (chattr +i; needs root and a file system that has the flag) is "operation not permitted". */
    @Test
    void anImmutableFolderSaysSo() throws Exception {
        Path immutable = Files.createDirectories(dir.resolve("immutable"));
        assumeTrue(mount("chattr", "+i", immutable.toString()) == 0, "cannot make a folder immutable here (chattr +i"
                + " needs root and a file system with the flag)");
        try {
            Path model = model("m.json", dispatch("I"), writeFile("y.npy"));
            Cli.run("run", model.toString(), "--backend", "emulator", "--output-dir", immutable.toString())
                    .assertUnusable("'y.npy' is in the folder " + immutable + ", which cannot be written (operation"
                            + " not permitted)");
        } finally {
            assertEquals(0, mount("chattr", "-i", immutable.toString()));
        }
    }

    /** Runs a system command (mount, umount, chattr) quietly; -1 when it cannot be started. */
    private static int mount(String... command) throws IOException, InterruptedException {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return process.waitFor();
        } catch (IOException e) {
            return -1;
        }
    }

    // ---- one target, two files --------------------------------------------------------------------------------

    @Test
    void aBatchWritingOneTargetTwiceWarns() {
        Path first = model("a.json", dispatch("I"), writeFile("out.npy"));
        Path second = model("b.json", writeFile("out.npy"));
        Cli.Result text = run(List.of(first, second));
        assertEquals(0, text.code(), text.err());
        String warning = "warning: commands[0].targetPath: 'out.npy' (" + dir.resolve("out.npy") + ") is written by "
                + first + " too, earlier in this batch; this file's values replace those";
        assertTrue(text.err().contains(second + ": " + warning + "\n"), text.err());
        assertFalse(text.err().contains(first + ": warning"), text.err());

        Cli.Result json = run(List.of(first, second), "--json");
        JsonNode warnings = json.json().get(1).get("warnings");
        assertEquals(1, warnings.size(), json.out());
        assertEquals("commands[0].targetPath", warnings.get(0).get("command").asText());
        assertEquals(0, json.json().get(0).get("warnings").size());
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    private static List<String> listing(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}

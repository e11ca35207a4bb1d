package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unusable input and usage: exit 2, a message naming the file and the place, never a stack trace. */
class BadInputTest {

    @TempDir
    Path dir;

    private final String docs = Cli.EXAMPLES.resolve("docs-example.json").toString();

    private String docsWith(String from, String to) throws IOException {
        String text = Files.readString(Path.of(docs));
        String changed = text.replace(from, to);
        assertEquals(false, changed.equals(text), "the edit applies");
        return Cli.write(dir, "model.json", changed).toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "validate", "min-level"})
    void malformedJsonNamesFileLineAndColumn(String command) {
        Path file = Cli.write(dir, "broken.json", "{\n  \"resources\": {,\n}");
        Cli.run(command, file.toString()).assertUnusable("broken.json", "malformed JSON", "line 2", "column");
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "validate", "min-level"})
    void missingFile(String command) {
        Cli.run(command, dir.resolve("nope.json").toString()).assertUnusable("nope.json", "no such file");
    }

    /** {@code m.json/} names a folder to the OS, which fails to open it ("not a directory"): so does dmlemu. */
    @ParameterizedTest
    @ValueSource(strings = {"run", "validate", "min-level"})
    void aFileNamedWithATrailingSlashIsRefusedAsTheOsRefusesIt(String command) throws Exception {
        Path model = Files.copy(Cli.EXAMPLES.resolve("docs-example.json"), dir.resolve("docs.json"));
        Cli.Result result = command.equals("run") ? Cli.run(command, model + "/", "--backend", "emulator")
                : Cli.run(command, model + "/");
        result.assertUnusable(model + "/: not a directory");
        assertEquals("", result.out(), "nothing ran");
    }

    @Test
    void directoryInsteadOfFile() {
        Cli.run("validate", dir.toString()).assertUnusable("not a readable file");
    }

    @Test
    void notUtf8() throws IOException {
        Path file = dir.resolve("latin1.json");
        Files.write(file, new byte[] {'{', '"', (byte) 0xE9, '"', ':', '1', '}'});
        Cli.run("validate", file.toString()).assertUnusable("latin1.json", "not UTF-8");
    }

    @Test
    void emptyFile() {
        Cli.run("run", Cli.write(dir, "empty.json", "").toString()).assertUnusable("empty.json", "empty");
    }

    @Test
    void npyWithALyingHeader() throws IOException {
        // A valid .npy preamble and header promising 100 float32 values (400 bytes), followed by 16 bytes of data.
        String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (100,), }";
        String header = dict + " ".repeat(128 - 10 - dict.length() - 1) + "\n";
        ByteBuffer file = ByteBuffer.allocate(128 + 16).order(ByteOrder.LITTLE_ENDIAN);
        file.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0)
                .putShort((short) header.length()).put(header.getBytes(StandardCharsets.US_ASCII));
        Files.write(dir.resolve("liar.npy"), file.array());
        String model = docsWith("[1, 2, 3, 4, 5, 6, 7, 8, 9]", "{ \"sourcePath\": \"liar.npy\" }");
        for (String command : new String[] {"run", "validate"}) {
            Cli.run(command, model).assertUnusable("model.json", "resources.X.initialValues.sourcePath", "liar.npy");
        }
    }

    @Test
    void npyThatIsNotNpy() {
        Cli.write(dir, "text.npy", "hello");
        Cli.write(dir, "m.json", "");
        Cli.run("validate", Cli.write(dir, "m.json", """
                {"resources": {"X": {"initialValuesDataType": "FLOAT32", "initialValues": {"sourcePath": "text.npy"}}},
                 "dispatchables": {}, "commands": []}""").toString()).assertUnusable("text.npy", "not a .npy file");
    }

    @Test
    void missingNpyFile() {
        Cli.Result result = Cli.run("run", Cli.write(dir, "m.json", """
                {"resources": {"X": {"initialValuesDataType": "FLOAT32", "initialValues": {"sourcePath": "gone.npy"}}},
                 "dispatchables": {}, "commands": []}""").toString());
        // The .npy reader names the cause by its Java class (NoSuchFileException): clear, but not yet plain words.
        assertEquals(2, result.code());
        result.assertErrContains("m.json", "resources.X.initialValues.sourcePath", "gone.npy").assertNoStackTrace();
    }

    @Test
    void resourceTooSmallForItsBinding() throws IOException {
        // InputTensor 1x1x3x3 FLOAT32 needs 36 bytes; X now holds 3 floats (12 bytes).
        String model = docsWith("[1, 2, 3, 4, 5, 6, 7, 8, 9]", "[1, 2, 3]");
        Cli.run("run", model, "--backend", "emulator")
                .assertUnusable("model.json: commands[0].bindings.InputTensor: resource 'X' bound from element offset 0"
                        + " (12 bytes): binding SizeInBytes 12 is less than TotalTensorSizeInBytes 36",
                        "(line 22, column 36)");
    }

    @Test
    void elementOffsetPastTheResource() throws IOException {
        String model = docsWith("\"InputTensor\": \"X\"", "\"InputTensor\": { \"name\": \"X\", \"elementOffset\": 4 }");
        Cli.run("run", model, "--backend", "emulator")
                .assertUnusable("commands[0].bindings.InputTensor", "bound from element offset 4 (20 bytes)");
    }

    @Test
    void elementOffsetBeyondAnyBuffer() throws IOException {
        // UINT64 offsets at and above 2^63 are offsets, not negative numbers.
        for (String offset : new String[] {"9223372036854775808", "18446744073709551615", "10"}) {
            String model = docsWith("\"InputTensor\": \"X\"",
                    "\"InputTensor\": { \"name\": \"X\", \"elementOffset\": " + offset + " }");
            Cli.run("run", model, "--backend", "emulator").assertUnusable("commands[0].bindings.InputTensor",
                    "elementOffset " + offset + " is past the end of resource 'X' (9 FLOAT32 elements)");
        }
    }

    @Test
    void totalTensorSizeLargerThanTheResource() throws IOException {
        // A legal TotalTensorSizeInBytes of 64 (padding past the 36 bytes of data) cannot fit in X's 36 bytes.
        String model = docsWith("\"InputTensor\": { \"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 3, 3] }",
                "\"InputTensor\": { \"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 3, 3],"
                        + " \"TotalTensorSizeInBytes\": 64 }");
        Cli.run("run", model, "--backend", "emulator").assertUnusable("commands[0].bindings.InputTensor",
                "resource 'X' bound from element offset 0 (36 bytes)", "less than TotalTensorSizeInBytes 64");
    }

    @Test
    void bindingOffTheGuaranteedAlignment() throws IOException {
        // The backends' binding rule, checked before the run: X padded to 64 bytes, bound 4 bytes in, but the
        // InputTensor promises 16-byte aligned offsets.
        String model = docsWith("\"InputTensor\": { \"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 3, 3] }",
                "\"InputTensor\": { \"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 3, 3],"
                        + " \"GuaranteedBaseOffsetAlignment\": 16 }");
        model = Cli.write(dir, "model.json", Files.readString(Path.of(model))
                .replace("[1, 2, 3, 4, 5, 6, 7, 8, 9] }", "[1, 2, 3, 4, 5, 6, 7, 8, 9], \"sizeInBytes\": 64 }")
                .replace("\"InputTensor\": \"X\"", "\"InputTensor\": { \"name\": \"X\", \"elementOffset\": 1 }"))
                .toString();
        Cli.run("run", model, "--backend", "emulator").assertUnusable("commands[0].bindings.InputTensor",
                "binding Offset 4 is not a multiple of GuaranteedBaseOffsetAlignment 16");
    }

    @Test
    void unknownDispatchable() throws IOException {
        Cli.run("run", docsWith("\"dispatchable\": \"ge\"", "\"dispatchable\": \"gx\""))
                .assertUnusable("commands[0].dispatchable", "unknown dispatchable 'gx'", "defined: ge", "line");
    }

    @Test
    void unknownResource() throws IOException {
        Cli.run("run", docsWith("\"IndicesTensor\": \"I\"", "\"IndicesTensor\": \"J\""))
                .assertUnusable("commands[0].bindings.IndicesTensor", "unknown resource 'J'");
        Cli.run("run", docsWith("{ \"type\": \"print\", \"resource\": \"Y\" }",
                "{ \"type\": \"print\", \"resource\": \"Z\" }")).assertUnusable("unknown resource 'Z'");
    }

    @Test
    void unknownCommandType() throws IOException {
        Cli.run("run", docsWith("\"type\": \"print\"", "\"type\": \"printf\""))
                .assertUnusable("commands[1].type", "unknown command type 'printf'");
    }

    @Test
    void unknownTensorFieldAndMissingBinding() throws IOException {
        Cli.run("run", docsWith("\"OutputTensor\": \"Y\"", "\"Output\": \"Y\""))
                .assertUnusable("commands[0].bindings.Output", "no tensor field 'Output'");
        Cli.run("run", docsWith(", \"OutputTensor\": \"Y\"", ""))
                .assertUnusable("model.json: commands[0].bindings: no binding for OutputTensor", "(line 22, column 19)");
    }

    @Test
    void valueOutOfRangeForItsType() throws IOException {
        Cli.run("validate", docsWith("[1, 2, 0, 2, 0, 0]", "[1, 2, 0, 2, 0, -1]"))
                .assertUnusable("resources.I.initialValues[5]", "line");
    }

    @Test
    void namesFromTheModelCannotForgeOutputLines() throws IOException {
        // A dispatchable named "ge\n\tat x" (JSON escapes) with an invalid Axis: every line it appears in stays one
        // line, with the control characters shown escaped.
        String model = Cli.write(dir, "names.json", Files.readString(Path.of(docs))
                .replace("\"ge\": {", "\"ge\\n\\tat x\": {")
                .replace("\"dispatchable\": \"ge\"", "\"dispatchable\": \"ge\\n\\tat x\"")
                .replace("\"Axis\": 2", "\"Axis\": 7")).toString();
        Cli.Result validate = Cli.run("validate", model);
        assertEquals(1, validate.code());
        assertEquals("ge\\n\\tat x: error AXIS_OUT_OF_RANGE Axis: 7 is out of range [0, 4) (InputTensor.DimensionCount"
                + " is 4)", validate.outLines().get(0));
        Cli.Result run = Cli.run("run", Path.of(model).toString(), "--backend", "emulator");
        assertEquals(1, run.code());
        run.assertNoStackTrace();
        Cli.Result bad = Cli.run("run", docsWith("\"dispatchable\": \"ge\"", "\"dispatchable\": \"g\\u001b[2Jx\""));
        bad.assertUnusable("unknown dispatchable 'g\\u001b[2Jx'");
    }

    @Test
    void badFeatureLevel() {
        Cli.run("validate", docs, "--feature-level", "7_0").assertUnusable("--feature-level", "7_0");
        Cli.run("run", docs, "--feature-level", "level").assertUnusable("--feature-level");
    }

    @Test
    void usageErrors() {
        Cli.run().assertUnusable("missing command");
        Cli.run("frobnicate").assertUnusable("frobnicate");
        Cli.run("run").assertUnusable("MODEL.json");
        Cli.run("validate", docs, "--no-such-flag").assertUnusable("--no-such-flag");
        // A second model is run too (run takes several); one that does not exist is that file's failure line.
        Cli.Result extra = Cli.run("run", docs, "extra.json", "--backend", "emulator");
        assertEquals(2, extra.code(), extra.err());
        assertTrue(extra.out().contains("extra.json: no such file\n"), extra.out());
    }

    @Test
    void helpAndVersionSucceed() {
        Cli.Result help = Cli.run("--help");
        assertEquals(0, help.code());
        assertEquals(true, help.out().contains("Exit codes: 0 success/valid, 1 invalid operator"), help.out());
        Cli.Result runHelp = Cli.run("run", "--help");
        assertEquals(0, runHelp.code());
        assertEquals(true, runHelp.out().contains("--index-policy"), runHelp.out());
        Cli.Result version = Cli.run("--version");
        assertEquals(0, version.code());
        assertEquals(true, version.out().startsWith("dmlemu "), version.out());
    }
}

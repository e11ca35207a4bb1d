package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Batch mode and the failure output at their edges: a bug met in one file of several, JSON mode as parsed (not as
 * spelled), file names that look like CI log commands, and standard input named twice.
 */
class BatchEdgesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a batch printed on stdout and stderr, and its exit code. */
    private record Printed(int code, String out, String err) {
        List<String> lines() {
            return List.of((out + err).split("\n"));
        }
    }

    private static Printed streamed(List<Path> models, ModelBatch.Streamed perFile, boolean json) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = ModelBatch.runStreamed(models, perFile,
                new ModelBatch.Output(json, false, new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Printed(code, out.toString(), err.toString());
    }

    private static Printed checked(List<Path> models, ModelBatch.PerFile perFile, boolean json) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = ModelBatch.run(models, perFile,
                new ModelBatch.Output(json, false, new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Printed(code, out.toString(), err.toString());
    }

    /** A run that prints one value line, except for {@code bug.json}, where dmlemu meets a bug. */
    private static ExitCode runOrFail(Path model, PrintWriter out, PrintWriter err, Optional<String> file,
            boolean json) {
        if (model.toString().equals("bug.json")) {
            throw new IllegalStateException("a bug in dmlemu");
        }
        if (json) {
            out.println("{\"file\": \"" + file.orElseThrow() + "\", \"ran\": true}");
        } else {
            out.println("Resource 'Y': 1");
        }
        return ExitCode.SUCCESS;
    }

    // ---- an internal error in one file -------------------------------------------------------------------------

    @Test
    void anInternalErrorInOneFileIsThatFilesResultAndTheJsonArrayCloses() throws Exception {
        List<Path> models = List.of(Path.of("a.json"), Path.of("bug.json"), Path.of("c.json"));
        Printed printed = streamed(models, (model, out, err, file) -> runOrFail(model, out, err, file, true), true);
        assertEquals(70, printed.code());
        JsonNode array = JSON.readTree(printed.out());
        assertEquals(3, array.size(), printed.out());
        assertEquals("a.json", array.get(0).get("file").asText());
        assertEquals("bug.json", array.get(1).get("file").asText());
        assertEquals(70, array.get(1).at("/error/exitCode").asInt());
        assertEquals("internal-error", array.get(1).at("/error/kind").asText());
        assertTrue(array.get(1).at("/error/message").asText().startsWith(
                "internal error: java.lang.IllegalStateException: a bug in dmlemu"), printed.out());
        assertEquals("c.json", array.get(2).get("file").asText());
        assertTrue(array.get(2).get("ran").asBoolean(), "the file after the bug still ran");
    }

    @Test
    void anInternalErrorInOneFileIsALineInItsPlace() {
        List<Path> models = List.of(Path.of("a.json"), Path.of("bug.json"), Path.of("c.json"));
        Printed printed = streamed(models, (model, out, err, file) -> runOrFail(model, out, err, file, false), false);
        assertEquals(70, printed.code());
        List<String> lines = List.of(printed.out().split("\n"));
        assertEquals(4, lines.size(), printed.out());
        assertEquals("a.json: Resource 'Y': 1", lines.get(0));
        assertTrue(lines.get(1).startsWith("bug.json: internal error: java.lang.IllegalStateException: a bug in"),
                lines.get(1));
        assertEquals("c.json: Resource 'Y': 1", lines.get(2));
        assertEquals("3 model files: 2 passed, 0 invalid, 0 unusable, 1 internal error", lines.get(3));
    }

    @Test
    void validateAndMinLevelGoOnAfterAnInternalError() throws Exception {
        List<Path> models = List.of(Path.of("bug.json"), Path.of("b.json"));
        ModelBatch.PerFile perFile = model -> {
            if (model.toString().equals("bug.json")) {
                throw new StackOverflowError();
            }
            return new ModelBatch.FileResult(ExitCode.SUCCESS, List.of("DML_FEATURE_LEVEL_1_0"),
                    Json.object().put("minimumFeatureLevel", "DML_FEATURE_LEVEL_1_0"));
        };
        Printed json = checked(models, perFile, true);
        assertEquals(70, json.code());
        JsonNode array = JSON.readTree(json.out());
        assertEquals("internal-error", array.get(0).at("/error/kind").asText());
        assertEquals("DML_FEATURE_LEVEL_1_0", array.get(1).get("minimumFeatureLevel").asText());
        Printed text = checked(models, perFile, false);
        assertEquals(List.of("bug.json: internal error: java.lang.StackOverflowError (please report it with the"
                        + " command line and input; --debug shows where)", "b.json: DML_FEATURE_LEVEL_1_0",
                "2 model files: 1 passed, 0 invalid, 0 unusable, 1 internal error"),
                List.of(text.out().split("\n")));
    }

    // ---- JSON mode as parsed -----------------------------------------------------------------------------------

    @Test
    void jsonGivenAsJsonEqualsTrueGetsAnErrorObject() {
        Cli.Result result = Cli.run("validate", "--json=true", "no-such-model.json");
        result.assertUnusable("no-such-model.json: no such file");
        assertEquals("unusable-input", result.json().at("/error/kind").asText());
    }

    @Test
    void aModelFileNamedJsonGetsNoErrorObject() {
        Cli.Result result = Cli.run("run", "--backend", "emulator", "--", "--json");
        result.assertUnusable("--json: no such file");
        assertEquals("", result.out(), "no --json option was given, so nothing goes to stdout");
    }

    // ---- file names as line starts -----------------------------------------------------------------------------

    @Test
    void fileNamesThatCouldBeCiCommandsAreQuoted() {
        Path annotation = Path.of("::error file=README.md,line=1::forged annotation.json");
        Path variable = Path.of("##vso[task.setvariable variable=DEPLOY]yes.json");
        Path failing = Path.of("::warning::failing.json");
        List<Path> models = List.of(annotation, variable, failing);
        ModelBatch.PerFile perFile = model -> {
            if (model.equals(failing)) {
                throw CliFailure.unusableInput(model + ": no such file");
            }
            return new ModelBatch.FileResult(ExitCode.SUCCESS, List.of("DML_FEATURE_LEVEL_1_0"), Json.object());
        };
        Printed checked = checked(models, perFile, false);
        Printed streamed = streamed(models, (model, out, err, file) -> {
            if (model.equals(failing)) {
                throw CliFailure.unusableInput(model + ": no such file");
            }
            out.println("Resource 'Y': 1");
            err.println("wrote y.npy");
            return ExitCode.SUCCESS;
        }, false);
        for (Printed printed : List.of(checked, streamed)) {
            for (String line : printed.lines()) {
                assertFalse(line.startsWith("::") || line.startsWith("#"), () -> "a CI command: " + line);
            }
        }
        assertEquals(List.of("'::error file=README.md,line=1::forged annotation.json': DML_FEATURE_LEVEL_1_0",
                "'##vso[task.setvariable variable=DEPLOY]yes.json': DML_FEATURE_LEVEL_1_0",
                "'::warning::failing.json': no such file",
                "3 model files: 2 passed, 0 invalid, 1 unusable"), List.of(checked.out().split("\n")));
        assertEquals("'##vso[task.setvariable variable=DEPLOY]yes.json': wrote y.npy",
                streamed.err().split("\n")[1]);
    }

    // ---- standard input once -----------------------------------------------------------------------------------

    @Test
    void standardInputMayBeNamedOnceByEveryCommand() {
        byte[] model = "{\"resources\": {}, \"dispatchables\": {}, \"commands\": []}".getBytes();
        for (String command : List.of("validate", "min-level", "run")) {
            Cli.runWithInput(model, command, "-", "-").assertUnusable("- (standard input) may be given once");
        }
    }
}

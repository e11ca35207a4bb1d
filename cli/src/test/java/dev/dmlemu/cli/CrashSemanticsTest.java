package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A failure that is not a documented outcome (a bug, an {@link Error}) ends with exit code 70, one line on stderr
 * saying it is an internal error, the stack trace only with {@code --debug}, and with {@code --json} one error object
 * on stdout. The failures are thrown by a stand-in top-level command, through the same handling {@code dmlemu} uses.
 */
class CrashSemanticsTest {

    /** Throws what its {@code --throw} option names. */
    @Command(name = "dmlemu")
    static final class Thrower implements Callable<Integer> {
        @Option(names = "--throw")
        String what;

        @Option(names = "--json")
        boolean json;

        @Option(names = "--debug")
        boolean debug;

        @Override
        public Integer call() {
            switch (what) {
                case "bug":
                    throw new IllegalStateException("a bug in dmlemu");
                case "stack":
                    throw new StackOverflowError();
                case "memory":
                    throw new OutOfMemoryError("Java heap space");
                case "unusable":
                    throw CliFailure.unusableInput("model.json: a documented failure");
                default:
                    return 0;
            }
        }
    }

    private record Outcome(int code, String out, String err) {}

    private static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(new Thrower(), args, o, e);
        }
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bug", "stack", "memory"})
    void internalErrorsExitWith70AndOneLine(String what) {
        Outcome outcome = run("--throw", what);
        assertEquals(70, outcome.code());
        assertEquals(ExitCode.INTERNAL_ERROR.code(), outcome.code());
        List<String> lines = outcome.err().lines().toList();
        assertEquals(1, lines.size(), outcome.err());
        assertTrue(lines.get(0).startsWith("dmlemu: internal error: "), outcome.err());
        assertEquals("", outcome.out());
    }

    @Test
    void outOfMemorySaysHowToRaiseTheHeap() {
        Outcome outcome = run("--throw", "memory");
        assertTrue(outcome.err().contains("the Java heap (maximum "), outcome.err());
        assertTrue(outcome.err().contains("DMLEMU_JAVA_OPTS=-Xmx"), outcome.err());
    }

    @Test
    void debugAddsTheStackTrace() {
        Outcome plain = run("--throw", "bug");
        assertFalse(plain.err().contains("\tat "), plain.err());
        Outcome debug = run("--throw", "bug", "--debug");
        assertEquals(70, debug.code());
        assertTrue(debug.err().startsWith("dmlemu: internal error: java.lang.IllegalStateException: a bug in dmlemu"),
                debug.err());
        assertTrue(debug.err().contains("\tat dev.dmlemu.cli.CrashSemanticsTest$Thrower.call"), debug.err());
    }

    @Test
    void jsonGetsAnErrorObjectForEveryFailure() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode internal = mapper.readTree(run("--throw", "bug", "--json").out()).get("error");
        assertEquals(70, internal.get("exitCode").asInt());
        assertEquals("internal-error", internal.get("kind").asText());
        assertTrue(internal.get("message").asText().startsWith("internal error: "), internal.toString());

        Outcome unusable = run("--throw", "unusable", "--json");
        assertEquals(2, unusable.code());
        JsonNode error = mapper.readTree(unusable.out()).get("error");
        assertEquals("unusable-input", error.get("kind").asText());
        assertEquals("model.json: a documented failure", error.get("message").asText());
        assertEquals("dmlemu: model.json: a documented failure\n", unusable.err().replace("\r\n", "\n"));
    }

    @Test
    void theRealCommandAcceptsDebugEverywhere() {
        assertEquals(0, Cli.run("--debug", "levels").code());
        assertEquals(0, Cli.run("levels", "--debug").code());
    }
}

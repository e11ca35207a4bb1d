package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.filter.FilteringParserDelegate;
import com.fasterxml.jackson.core.filter.JsonPointerBasedFilter;
import com.fasterxml.jackson.core.filter.TokenFilter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Drives {@link Main#run} in process and captures what a user would see. */
final class Cli {

    private Cli() {}

    /** The repository's examples directory (tests run from the cli module's directory). */
    static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /** Linux x86_64 with {@code dmlemu setup-directml} done: {@code --backend directml} then works. */
    static boolean linuxDirectMlSetUp() {
        return dev.dmlemu.nativebridge.DirectMl.isLinuxX64(System.getProperty("os.name", ""),
                System.getProperty("os.arch", ""))
                && dev.dmlemu.nativebridge.host.HostSetup.find(System.getenv(), new StringBuilder()).isPresent();
    }

    /** One command line's exit code, stdout and stderr. */
    record Result(int code, String out, String err) {

        /** The out text split into lines. */
        List<String> outLines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n", -1)).subList(0, out.split("\n", -1).length - 1);
        }

        JsonNode json() {
            try {
                return new ObjectMapper().readTree(out);
            } catch (IOException e) {
                throw new UncheckedIOException("stdout is not JSON: " + out, e);
            }
        }

        /**
         * The source text of each value of the JSON array at {@code pointer} ({@code "\"nan\""} for strings), exactly
         * as printed, so that number formatting can be checked.
         */
        List<String> rawArray(String pointer) {
            List<String> texts = new ArrayList<>();
            try (JsonParser parser = new FilteringParserDelegate(new JsonFactory().createParser(out),
                    new JsonPointerBasedFilter(JsonPointer.compile(pointer)), TokenFilter.Inclusion.ONLY_INCLUDE_ALL,
                    false)) {
                JsonToken token = parser.nextToken();
                assertEquals(JsonToken.START_ARRAY, token, "no array at " + pointer + " in " + out);
                while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                    texts.add(token == JsonToken.VALUE_STRING ? "\"" + parser.getText() + "\"" : parser.getText());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return texts;
        }

        /** Exit code 2 with a one-line-per-problem message and no trace of Java internals. */
        Result assertUnusable(String... fragments) {
            assertEquals(ExitCode.UNUSABLE_INPUT.code(), code, () -> "exit code; err: " + err + " out: " + out);
            return assertErrContains(fragments).assertNoStackTrace().assertNoExceptionNames();
        }

        Result assertErrContains(String... fragments) {
            for (String fragment : fragments) {
                assertTrue(err.contains(fragment), () -> "stderr lacks \"" + fragment + "\": " + err);
            }
            return this;
        }

        /**
         * No Java stack trace, uncaught exception or internal error on stderr. Checked line by line: the CLI prints
         * names from the model with control characters escaped, so model text cannot forge such a line.
         */
        Result assertNoStackTrace() {
            for (String line : err.split("\n")) {
                assertFalse(line.startsWith("\tat ") || line.startsWith("Caused by: "), () -> "stack trace: " + err);
                assertFalse(line.startsWith("Exception in thread"), () -> "uncaught exception: " + err);
                assertFalse(line.startsWith("dmlemu: internal error"), () -> "internal error: " + err);
            }
            return this;
        }

        Result assertNoExceptionNames() {
            assertFalse(err.matches("(?s).*\\bjava\\.[a-z.]+\\.[A-Z]\\w*(Exception|Error).*"),
                    () -> "Java exception class in the message: " + err);
            return this;
        }
    }

    static Result run(String... args) {
        return runWithInput(new byte[0], args);
    }

    /** {@link #run} with {@code stdin} as the standard input ({@code run -} reads it). */
    static Result runWithInput(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(args, new java.io.ByteArrayInputStream(stdin), outStream, errStream);
        }
        return new Result(code, normalize(out), normalize(err));
    }

    private static String normalize(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }

    static Path write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A one-dispatchable model: {@code X} and {@code I} as given, {@code Y} zero-filled with as many elements as the
     * output, tensors packed unless strides are given in the descs, then {@code dispatch} and {@code print Y}.
     */
    static String gatherModel(String dataType, String xValues, String indexType, String iValues, String inputDesc,
            String indicesDesc, String outputDesc, long axis, int outputCount) {
        return """
                {
                  "resources": {
                    "X": { "initialValuesDataType": "%1$s", "initialValues": %2$s },
                    "I": { "initialValuesDataType": "%3$s", "initialValues": %4$s },
                    "Y": { "initialValuesDataType": "%1$s", "initialValues": { "valueCount": %9$d, "value": 0 } }
                  },
                  "dispatchables": {
                    "ge": { "type": "GATHER_ELEMENTS", "desc": {
                      "InputTensor": { "DataType": "%1$s", %5$s },
                      "IndicesTensor": { "DataType": "%3$s", %6$s },
                      "OutputTensor": { "DataType": "%1$s", %7$s },
                      "Axis": %8$d } }
                  },
                  "commands": [
                    { "type": "dispatch", "dispatchable": "ge",
                      "bindings": { "InputTensor": "X", "IndicesTensor": "I", "OutputTensor": "Y" } },
                    { "type": "print", "resource": "Y" }
                  ]
                }
                """.formatted(dataType, xValues, indexType, iValues, inputDesc, indicesDesc, outputDesc, axis,
                outputCount);
    }

    /** A 1-D identity gather: Y = X for {@code count} elements of {@code dataType} (UINT32 indices 0..count-1). */
    static String identityModel(String dataType, String xValues, int count) {
        return gatherModel(dataType, xValues, "UINT32",
                "{ \"valueCount\": " + count + ", \"valueStart\": 0, \"valueDelta\": 1 }",
                "\"Sizes\": [" + count + "]", "\"Sizes\": [" + count + "]", "\"Sizes\": [" + count + "]", 0, count);
    }
}

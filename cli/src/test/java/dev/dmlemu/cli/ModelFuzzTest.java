package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import dev.dmlemu.desc.FeatureLevel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "Parse, validate, run on the emulator" over arbitrary bytes, through the real command line, as a model from a pull
 * request would be. Whatever the bytes, the CLI ends with exit code 0, 1 or 2 and a message, never an exception, a
 * stack trace, an internal error (exit 70), a hang or a huge allocation; and nothing outside the model's folder
 * changes. Beside the model's folder lies {@code outside/}, holding a file and a {@code .npy} an attacker would like
 * to overwrite or read ({@code ../outside/secret.npy}); it is compared after every input.
 *
 * <p>Input layout: byte 0 selects the feature level (low 4 bits), the command (bits 4-5: run, run --json with
 * strict indices, 2 threads and 2 timed iterations, validate --json, min-level), whether another surface is fuzzed
 * (bit 6: then byte 1 picks it, {@link Surface}) and whether a {@code .npy} file comes first (bit 7: then the next two
 * bytes are its length, big-endian, and that many bytes are written to {@code fuzz.npy} and, as a raw file,
 * {@code fuzz.dat}). The rest is the model file. With {@code --json}, stdout is one JSON document, batch or not. The regression inputs (the examples, each behind a selector byte,
 * attacks on the folders, and every crash found) run in every {@code mvn verify}; the {@code fuzz-cli} execution
 * fuzzes.
 */
class ModelFuzzTest {

    /** The run command's resource limit here: enough for every example, small enough to keep fuzzing fast. */
    private static final String MAX_RESOURCE_BYTES = Integer.toString(4 << 20);

    /**
     * The run command's element budget: the emulator's time grows with the elements it writes, and a zero-strided
     * output of 2^32 - 1 elements is legal (slow, not wrong); the budget refuses such runs before they start.
     */
    private static final String MAX_ELEMENTS = Integer.toString(1 << 20);

    private static final FeatureLevel[] LEVELS = FeatureLevel.values();
    private static final Path ROOT = workRoot();
    private static final Path DIR = ROOT.resolve("models");
    private static final Path OUTSIDE = ROOT.resolve("outside");
    private static final Map<String, String> OUTSIDE_BEFORE = snapshotOutside();

    @FuzzTest(maxDuration = "5m")
    void parseValidateRun(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        int selector = input[0] & 0xFF;
        int offset = 1;
        Surface surface = Surface.ONE_FILE;
        if ((selector & 0x40) != 0) {
            if (input.length < 2) {
                return;
            }
            surface = (input[1] & 1) == 0 ? Surface.BATCH : Surface.STDIN_OR_ONNX;
            offset = 2;
        }
        Files.deleteIfExists(DIR.resolve("fuzz.npy"));
        Files.deleteIfExists(DIR.resolve("fuzz.dat"));
        if ((selector & 0x80) != 0 && input.length >= offset + 2) {
            int start = offset + 2;
            int npyLength = Math.min(((input[offset] & 0xFF) << 8) | (input[offset + 1] & 0xFF), input.length - start);
            Files.write(DIR.resolve("fuzz.npy"), Arrays.copyOfRange(input, start, start + npyLength));
            // The same bytes as a raw file, for sourcePath "fuzz.dat".
            Files.write(DIR.resolve("fuzz.dat"), Arrays.copyOfRange(input, start, start + npyLength));
            offset = start + npyLength;
        }
        byte[] modelBytes = Arrays.copyOfRange(input, offset, input.length);
        Path model = Files.write(DIR.resolve("model.json"), modelBytes);
        String level = LEVELS[(selector & 0x0F) % LEVELS.length].shortName();
        List<String> args = new ArrayList<>();
        List<String> files = surface == Surface.BATCH ? List.of(model.toString(), "-", model.toString())
                : List.of(model.toString());
        List<String> runOptions = List.of("--backend", "emulator", "--feature-level", level, "--max-resource-bytes",
                MAX_RESOURCE_BYTES, "--max-elements", MAX_ELEMENTS, "--output-dir", DIR.toString());
        if (surface == Surface.STDIN_OR_ONNX) {
            checkOneCommand(otherSurface(selector, modelBytes, runOptions));
            return;
        }
        switch ((selector >> 4) & 0x3) {
            case 0 -> {
                args.add("run");
                args.addAll(files);
                args.addAll(runOptions);
            }
            case 1 -> {
                args.add("run");
                args.addAll(files);
                args.addAll(List.of("--json", "--index-policy", "strict", "--threads", "2", "--iterations", "2"));
                args.addAll(runOptions);
            }
            case 2 -> {
                args.add("validate");
                args.addAll(files);
                args.addAll(List.of("--feature-level", level, "--json"));
            }
            default -> {
                args.add("min-level");
                args.addAll(files);
            }
        }
        Cli.Result result = Cli.runWithInput(modelBytes, args.toArray(String[]::new));
        assertTrue(Set.of(0, 1, 2).contains(result.code()), () -> "exit code " + result.code() + ": " + result.err());
        result.assertNoStackTrace();
        if (result.code() == 2 && files.size() == 1) {
            assertTrue(result.err().startsWith("dmlemu: ") || result.err().contains("\ndmlemu: "),
                    () -> "exit 2 without a message: " + result.err());
        } else if (files.size() > 1 && !args.contains("--json")) {
            // A batch reports each file's failure in its place on stdout, then a summary.
            assertTrue(result.out().contains("\n" + files.size() + " model files: ")
                    || result.out().startsWith(files.size() + " model files: "), () -> "no summary: " + result.out());
        }
        if (args.contains("--json")) {
            JsonNode json = result.json();
            assertTrue(files.size() == 1 || json.isArray() && json.size() == files.size() || result.code() == 2
                    && json.has("error"), () -> "one JSON document per command: " + result.out());
        }
        assertEquals(OUTSIDE_BEFORE, snapshotOutside(), "the folder beside the model changed");
    }

    /** What bit 6 and byte 1 of the input select. */
    private enum Surface {
        /** Bit 6 clear: the command gets the model file alone. */
        ONE_FILE,
        /**
         * Byte 1 even: a batch list, the model file, standard input holding the same bytes, and the model file again,
         * so that one batch reads a model twice and writes its targets twice.
         */
        BATCH,
        /** Byte 1 odd: {@link #otherSurface}. */
        STDIN_OR_ONNX
    }

    /**
     * {@link Surface#STDIN_OR_ONNX}: the model on standard input ({@code run -}, command 0), or an {@code onnx} node
     * (commands 1 to 3: run --json strict, --print-desc --inline-values, run under the directml policy) whose data
     * (and updates) is {@code fuzz.npy} and whose indices are the rest of the input; the low 4 bits pick the
     * frontend.
     */
    private static Cli.Result otherSurface(int selector, byte[] rest, List<String> runOptions) throws IOException {
        int command = (selector >> 4) & 0x3;
        if (command == 0) {
            List<String> args = new ArrayList<>(List.of("run", "-"));
            args.addAll(runOptions);
            return Cli.runWithInput(rest, args.toArray(String[]::new));
        }
        FrontendOption frontend = FrontendOption.values()[(selector & 0x0F) % FrontendOption.values().length];
        Path indices = Files.write(DIR.resolve("indices.npy"), rest);
        List<String> args = new ArrayList<>(List.of("onnx", "--frontend", frontend.toString(), "--data",
                DIR.resolve("fuzz.npy").toString(), "--indices", indices.toString(), "--backend", "emulator",
                "--max-resource-bytes", MAX_RESOURCE_BYTES, "--max-elements", MAX_ELEMENTS, "--max-output-bytes",
                MAX_RESOURCE_BYTES));
        if (frontend.frontend().operator().hasUpdates()) {
            args.addAll(List.of("--updates", DIR.resolve("fuzz.npy").toString()));
        }
        if (frontend.frontend().requiresAxis()) {
            args.addAll(List.of("--axis", "0"));
        }
        switch (command) {
            case 1 -> args.addAll(List.of("--json", "--index-policy", "strict"));
            case 2 -> args.addAll(List.of("--print-desc", "--inline-values"));
            default -> args.addAll(List.of("--index-policy", "directml"));
        }
        return Cli.run(args.toArray(String[]::new));
    }

    private static void checkOneCommand(Cli.Result result) {
        assertTrue(Set.of(0, 1, 2).contains(result.code()), () -> "exit code " + result.code() + ": " + result.err());
        result.assertNoStackTrace();
        if (result.code() == 2) {
            assertTrue(result.err().startsWith("dmlemu: ") || result.err().contains("\ndmlemu: "),
                    () -> "exit 2 without a message: " + result.err());
        }
        assertEquals(OUTSIDE_BEFORE, snapshotOutside(), "the folder beside the model changed");
    }

    /**
     * {@code models/} holding the examples' .npy files (so the .npy-backed seed runs) and a raw {@code data.dat}, and
     * {@code outside/} beside it.
     */
    private static Path workRoot() {
        try {
            Path root = Files.createTempDirectory("dmlemu-fuzz").toRealPath();
            root.toFile().deleteOnExit();
            Path models = Files.createDirectories(root.resolve("models"));
            Path outside = Files.createDirectories(root.resolve("outside"));
            try (var files = Files.list(Cli.EXAMPLES)) {
                for (Path npy : files.filter(p -> p.toString().endsWith(".npy")).toList()) {
                    Files.copy(npy, models.resolve(npy.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.copy(Cli.EXAMPLES.resolve("npy-backed-data.npy"), outside.resolve("secret.npy"));
            Files.writeString(outside.resolve("victim.npy"), "precious");
            // Raw .dat inputs: nine FLOAT32s inside, and a secret outside; a raw target an attacker would overwrite.
            byte[] nineFloats = new byte[36];
            java.nio.ByteBuffer.wrap(nineFloats).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer()
                    .put(new float[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
            Files.write(models.resolve("data.dat"), nineFloats);
            Files.write(outside.resolve("secret.dat"), nineFloats);
            Files.writeString(outside.resolve("victim.dat"), "precious");
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> snapshotOutside() {
        try {
            return TrustBoundaryTest.snapshot(OUTSIDE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.model.Dispatchable;
import dev.dmlemu.desc.model.ModelFile;
import dev.dmlemu.desc.model.ModelFiles;
import dev.dmlemu.desc.model.ModelFormatException;
import dev.dmlemu.desc.model.OperatorDispatchable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * "Parse, validate, run on the emulator" over arbitrary bytes, through the real command line. Whatever the bytes, the
 * CLI ends with exit code 0, 1 or 2 and a message, never an exception, a stack trace, an "internal error", a hang or
 * a huge allocation.
 *
 * <p>Input layout: byte 0 selects the feature level (low 4 bits), the command (bits 4-5: run, run --json with
 * strict indices and 2 threads, validate --json, min-level) and whether a {@code .npy} file comes first (bit 7:
 * then bytes 1-2 are its length, big-endian, and that many bytes are written to {@code fuzz.npy}). The rest is the
 * model file. The regression inputs (the examples, each behind a selector byte, and every crash found) run in every
 * {@code mvn verify}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ModelFuzzTest {

    /** The run command's resource limit here: enough for every example, small enough to keep fuzzing fast. */
    private static final String MAX_RESOURCE_BYTES = Integer.toString(4 << 20);

    /**
     * Dispatches with more output elements than this are validated instead of run: the emulator's time grows with
     * the output, and a zero-strided output of 2^32 - 1 elements is legal (it is slow, not wrong).
     */
    private static final long MAX_RUN_ELEMENTS = 1 << 16;

    private static final FeatureLevel[] LEVELS = FeatureLevel.values();
    private static final Path DIR = workDir();

    @FuzzTest(maxDuration = "5m")
    void parseValidateRun(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        int selector = input[0] & 0xFF;
        int offset = 1;
        Files.deleteIfExists(DIR.resolve("fuzz.npy"));
        if ((selector & 0x80) != 0 && input.length >= 3) {
            int npyLength = Math.min(((input[1] & 0xFF) << 8) | (input[2] & 0xFF), input.length - 3);
            Files.write(DIR.resolve("fuzz.npy"), Arrays.copyOfRange(input, 3, 3 + npyLength));
            offset = 3 + npyLength;
        }
        byte[] modelBytes = Arrays.copyOfRange(input, offset, input.length);
        Path model = Files.write(DIR.resolve("model.json"), modelBytes);
        String level = LEVELS[(selector & 0x0F) % LEVELS.length].shortName();
        int command = (selector >> 4) & 0x3;
        if (command <= 1 && !cheapToRun(modelBytes)) {
            command = 2;
        }
        List<String> args = new ArrayList<>();
        switch (command) {
            case 0 -> args.addAll(List.of("run", model.toString(), "--backend", "emulator", "--feature-level", level,
                    "--max-resource-bytes", MAX_RESOURCE_BYTES));
            case 1 -> args.addAll(List.of("run", model.toString(), "--backend", "emulator", "--feature-level", level,
                    "--max-resource-bytes", MAX_RESOURCE_BYTES, "--json", "--index-policy", "strict", "--threads",
                    "2", "--iterations", "2"));
            case 2 -> args.addAll(List.of("validate", model.toString(), "--feature-level", level, "--json"));
            default -> args.addAll(List.of("min-level", model.toString()));
        }
        Cli.Result result = Cli.run(args.toArray(String[]::new));
        assertTrue(Set.of(0, 1, 2).contains(result.code()), () -> "exit code " + result.code() + ": " + result.err());
        result.assertNoStackTrace();
        if (result.code() == 2) {
            assertTrue(result.err().startsWith("dmlemu: ") || result.err().contains("\ndmlemu: "),
                    () -> "exit 2 without a message: " + result.err());
        }
    }

    /** Whether every dispatchable's output is small enough to emulate quickly (unparseable models are cheap). */
    private static boolean cheapToRun(byte[] modelBytes) {
        ModelFile model;
        try {
            model = ModelFiles.parse(StandardCharsets.UTF_8.decode(ByteBuffer.wrap(modelBytes)).toString(), null,
                    "model.json");
        } catch (ModelFormatException e) {
            return true;
        }
        for (Dispatchable dispatchable : model.dispatchables().values()) {
            if (dispatchable instanceof OperatorDispatchable operator
                    && operator.desc() instanceof GatherElementsOperatorDesc gather
                    && gather.outputTensor() instanceof BufferTensorDesc output) {
                long count = 1;
                for (long size : output.sizes()) {
                    count = size == 0 ? 0 : count > MAX_RUN_ELEMENTS ? count : count * size;
                }
                if (count > MAX_RUN_ELEMENTS) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A scratch directory holding the examples' .npy files, so that the .npy-backed seed runs. */
    private static Path workDir() {
        try {
            Path dir = Files.createTempDirectory("dmlemu-fuzz");
            dir.toFile().deleteOnExit();
            try (var files = Files.list(Cli.EXAMPLES)) {
                for (Path npy : files.filter(p -> p.toString().endsWith(".npy")).toList()) {
                    Files.copy(npy, dir.resolve(npy.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

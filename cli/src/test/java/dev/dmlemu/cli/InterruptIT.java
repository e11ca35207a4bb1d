package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run interrupted with SIGINT while it writes, in a child JVM running the packaged {@code dmlemu.jar}: it leaves no
 * temporary file, and its stderr names every file it finished, which are whole. Where this JVM was started with SIGINT
 * ignored (a background job of a non-interactive shell, as {@code nohup cmd &} starts it), the child inherits that and
 * the JVM keeps it ignored, so the test sends SIGTERM instead, which the same shutdown hook handles.
 */
@DisabledOnOs(value = OS.WINDOWS, disabledReason = "sends SIGINT with kill")
class InterruptIT {

    private static final Path JAR = Path.of(System.getProperty("dmlemu.jar", "target/dmlemu.jar")).toAbsolutePath();

    /** Each file: 64 MiB of UINT8 ones, the resource's whole buffer. */
    private static final long FILE_BYTES = 64L << 20;
    private static final int FILES = 6;

    @TempDir
    Path dir;

    /** A signal the child JVM acts on, and the exit status it then ends with (128 + the signal's number). */
    private record Interruption(String name, int exitStatus) {}

    private static final Interruption SIGINT = new Interruption("INT", 130);
    private static final Interruption SIGTERM = new Interruption("TERM", 143);

    @Test
    void anInterruptedRunLeavesNoTemporaryFileAndNamesWhatItWrote() throws Exception {
        Interruption signal = SignalsIgnoredHere.sigint() ? SIGTERM : SIGINT;
        assertTrue(Files.isRegularFile(JAR), "the packaged jar is built before integration tests: " + JAR);
        StringBuilder commands = new StringBuilder();
        for (int i = 1; i <= FILES; i++) {
            commands.append(i == 1 ? "" : ", ").append("{\"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\":"
                    + " \"y").append(i).append(".dat\"}");
        }
        Path model = Files.writeString(dir.resolve("m.json"), "{\"resources\": {\"Y\": {\"initialValuesDataType\":"
                + " \"UINT8\", \"initialValues\": {\"valueCount\": " + FILE_BYTES + ", \"value\": 1}}},"
                + " \"dispatchables\": {}, \"commands\": [" + commands + "]}");
        // The signal must land while a file is being written; a machine fast enough to finish first gets more tries.
        for (int attempt = 1; attempt <= 5; attempt++) {
            Path out = Files.createDirectories(dir.resolve("out" + attempt));
            Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-jar", JAR.toString(), "run", model.toString(), "--backend", "emulator",
                    "--output-dir", out.toString())
                    .redirectOutput(dir.resolve("stdout" + attempt).toFile())
                    .redirectError(dir.resolve("stderr" + attempt).toFile()).start();
            boolean signalled = false;
            while (process.isAlive()) {
                if (!temporaries(out).isEmpty()) {
                    signalled = new ProcessBuilder("kill", "-" + signal.name(), Long.toString(process.pid())).start()
                            .waitFor() == 0;
                    break;
                }
                Thread.onSpinWait();
            }
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "dmlemu ended after SIG" + signal.name());
            String err = Files.readString(dir.resolve("stderr" + attempt));
            assertEquals(List.of(), temporaries(out), "no temporary file is left; stderr: " + err);
            List<Path> finished = listing(out);
            for (Path file : finished) {
                assertEquals(FILE_BYTES, Files.size(file), "every file left is whole: " + file);
                assertTrue(err.contains("wrote " + file.toRealPath() + "\n"), () -> "stderr names " + file + ": "
                        + err);
            }
            if (signalled && process.exitValue() != 0) {
                assertEquals(signal.exitStatus(), process.exitValue(), err);
                assertTrue(err.contains("dmlemu: interrupted"), err);
                assertTrue(finished.size() < FILES, "the run was cut short: " + err);
                return;
            }
        }
        throw new AssertionError("no attempt was interrupted while writing (SIG" + signal.name() + ")");
    }

    private static List<Path> temporaries(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static List<Path> listing(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return new ArrayList<>(files.sorted().toList());
        }
    }
}

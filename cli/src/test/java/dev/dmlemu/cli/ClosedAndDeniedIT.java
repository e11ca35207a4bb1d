package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the OS says about a closed standard input and a folder the user may not search, through the packaged
 * {@code dmlemu.jar} in a child process (a closed descriptor and another user cannot be had in process).
 */
class ClosedAndDeniedIT {

    private static final Path JAR = Path.of(System.getProperty("dmlemu.jar", "target/dmlemu.jar")).toAbsolutePath();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;

    private record Outcome(int code, String out, String err) {}

    /**
     * {@code run - <&-}: the JVM's first file took descriptor 0 (its module image), which read as a model of more
     * than 64 MiB; now the standard input is said to be closed.
     */
    @Test
    void aClosedStandardInputIsSaidToBeClosed() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) && Files.isDirectory(Path.of("/proc/self/fd")),
                "needs bash and /proc (Linux)");
        Outcome outcome = start(List.of("/bin/bash", "-c", "exec \"$0\" -jar \"$1\" run - --backend emulator <&-",
                JAVA, JAR.toString()));
        assertEquals(2, outcome.code(), outcome.err());
        assertTrue(outcome.err().contains("dmlemu: <stdin>: standard input is closed"), outcome.err());
    }

    /**
     * A model in a folder the user may not search ({@code secret}, root's, mode 700) is "permission denied", not "no
     * such file". Needs root, to make the folder and to run dmlemu as another user (setpriv).
     */
    @Test
    void aModelInAFolderTheUserMayNotSearchIsPermissionDenied() throws Exception {
        Path setpriv = Path.of("/usr/bin/setpriv");
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(setpriv),
                "needs root and setpriv to run as another user");
        // The other user reads the jar and the folder holding secret; only secret is closed to it.
        Path open = Files.createDirectories(dir.resolve("open"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jar = Files.copy(JAR, open.resolve("dmlemu.jar"));
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r--r--"));
        Path secret = Files.createDirectories(open.resolve("secret"));
        Files.copy(Cli.EXAMPLES.resolve("docs-example.json"), secret.resolve("m.json"));
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rwx------"));
        Outcome outcome = start(List.of(setpriv.toString(), "--reuid=65534", "--regid=65534", "--clear-groups", JAVA,
                "-jar", jar.toString(), "run", "secret/m.json", "--backend", "emulator"), open);
        assumeTrue(!outcome.err().contains("setpriv:"), "setpriv cannot change user here: " + outcome.err());
        assertEquals(2, outcome.code(), outcome.err());
        assertTrue(outcome.err().contains("dmlemu: secret/m.json: permission denied"), outcome.err());
    }

    private Outcome start(List<String> command) throws IOException, InterruptedException {
        return start(command, dir);
    }

    private Outcome start(List<String> command, Path workingDirectory) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(JAR), "the packaged jar is built before integration tests: " + JAR);
        Path out = Files.createTempFile("dmlemu-out", ".txt");
        Path err = Files.createTempFile("dmlemu-err", ".txt");
        try {
            Process process = new ProcessBuilder(new ArrayList<>(command)).directory(workingDirectory.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("dmlemu did not finish in 120 s: " + command);
            }
            return new Outcome(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}

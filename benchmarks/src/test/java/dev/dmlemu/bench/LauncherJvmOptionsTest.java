package dev.dmlemu.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LauncherJvmOptionsTest {

    @Test
    void hugePagesOnlyWhereTheKernelHandsThemOutOnRequestOrAlways() {
        assertTrue(LauncherJvmOptions.hugePagesOnRequest("always [madvise] never\n"));
        assertTrue(LauncherJvmOptions.hugePagesOnRequest("[always] madvise never\n"));
        assertFalse(LauncherJvmOptions.hugePagesOnRequest("always madvise [never]\n"));
        assertFalse(LauncherJvmOptions.hugePagesOnRequest(""));
    }

    /** The timing harness must pass what the launcher script passes, or it times another command line. */
    @Test
    void theEarlyCompilationOptionsAreTheLaunchersAndAlwaysPassed() throws IOException {
        String script = Files.readString(Path.of("..", "dmlemu"));
        for (String option : LauncherJvmOptions.EARLY_KERNEL_COMPILATION) {
            assertTrue(script.contains(option), () -> "the dmlemu script lacks " + option);
        }
        assertTrue(LauncherJvmOptions.ofThisMachine().containsAll(LauncherJvmOptions.EARLY_KERNEL_COMPILATION));
    }
}

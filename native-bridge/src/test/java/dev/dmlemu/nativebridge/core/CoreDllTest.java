package dev.dmlemu.nativebridge.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether the jar carries the Windows core, checked on class paths built for the test. */
class CoreDllTest {

    @Test
    void aClassPathWithTheCoreHasNothingMissing(@TempDir Path classes) throws IOException {
        Files.createDirectories(classes.resolve("win32-x86-64"));
        Files.write(classes.resolve("win32-x86-64").resolve("dmlemu-core.dll"), new byte[] {'M', 'Z'});
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
            assertEquals(Optional.empty(), CoreDll.missing("win32-x86-64", loader));
        }
    }

    @Test
    void withoutTheCoreTheReasonSaysHowToBuildIt(@TempDir Path classes) throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
            assertEquals(Optional.of("this dmlemu build has no native core for win32-aarch64"
                    + " (win32-aarch64/dmlemu-core.dll is not in the jar): it was built without mingw-w64. Install"
                    + " x86_64-w64-mingw32-gcc and build dmlemu again (Maven then compiles the core into the jar),"
                    + " or build it alone with native-bridge/src/main/c/build.sh --dll"
                    + " native-bridge/target/classes/win32-aarch64/dmlemu-core.dll before packaging"),
                    CoreDll.missing("win32-aarch64", loader));
        }
    }
}

package dev.dmlemu.nativebridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.execution.ExecutionBackend;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Off Windows, asking for the backend must not touch JNA at all: the factory is loaded in a class loader that
 * has this module, descriptors and feature-levels but no JNA jar, and still answers "unavailable".
 */
@ExtendWith(PrintSkipReason.class)
class NoNativeCodeOffWindowsTest {

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "on Windows the factory loads DirectML.dll by design")
    void theFactoryAnswersWithoutJnaOnTheClassPath(@TempDir Path emptyCache) throws Exception {
        URL[] withoutJna = {
            DirectMl.class.getProtectionDomain().getCodeSource().getLocation(),
            FeatureLevel.class.getProtectionDomain().getCodeSource().getLocation(),
            ExecutionBackend.class.getProtectionDomain().getCodeSource().getLocation(),
        };
        try (URLClassLoader loader = new URLClassLoader(withoutJna, ClassLoader.getPlatformClassLoader())) {
            assertThrows(ClassNotFoundException.class, () -> loader.loadClass("com.sun.jna.Native"),
                    "the isolated loader must not see JNA");
            Class<?> factory = loader.loadClass(DirectMl.class.getName());
            Class<?> options = loader.loadClass(DirectMlOptions.class.getName());
            Object defaults = options.getMethod("defaults").invoke(null);
            // The package-private open, with a cache folder that holds no setup.
            Method open = factory.getDeclaredMethod("open", options, Map.class, String.class, String.class);
            open.setAccessible(true);
            Object found = open.invoke(null, defaults, Map.of("XDG_CACHE_HOME", emptyCache.toString()),
                    System.getProperty("os.name"), System.getProperty("os.arch"));
            assertEquals(DirectMlAvailability.Unavailable.class.getName(), found.getClass().getName());
            Method reason = found.getClass().getMethod("reason");
            String text = (String) reason.invoke(found);
            String expected = DirectMl.isLinuxX64(System.getProperty("os.name"), System.getProperty("os.arch"))
                    ? "the real DirectML on Linux is not set up (no " + emptyCache.resolve("dmlemu").resolve("manifest")
                            + "); run dmlemu setup-directml"
                    : "DirectML needs Windows (x64/arm64); this is " + System.getProperty("os.name") + " "
                            + System.getProperty("os.arch");
            assertEquals(expected, text);
        }
    }
}

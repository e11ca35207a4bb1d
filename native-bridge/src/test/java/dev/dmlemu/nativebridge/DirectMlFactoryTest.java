package dev.dmlemu.nativebridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ExecutionFlag;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class DirectMlFactoryTest {

    @Test
    void linuxWithoutTheSetupIsUnavailableWithTheReason(@TempDir Path cache) {
        DirectMlAvailability found = DirectMl.open(DirectMlOptions.defaults(),
                Map.of("XDG_CACHE_HOME", cache.toString()), "Linux", "amd64");
        assertEquals(new DirectMlAvailability.Unavailable("the real DirectML on Linux is not set up (no "
                + cache.resolve("dmlemu").resolve("manifest") + "); run dmlemu setup-directml"), found);
    }

    @Test
    void otherPlatformsAreRefusedBeforeAnyDllIsLookedFor() {
        // The DLL option names a missing file: the platform check comes first and reports the real reason.
        DirectMlAvailability found = DirectMl.open(DirectMlOptions.defaults().withDirectMlDll(Path.of("/nope.dll")),
                Map.of(), "Mac OS X", "aarch64");
        assertEquals(new DirectMlAvailability.Unavailable("DirectML needs Windows (x64/arm64); this is Mac OS X aarch64"),
                found);
    }

    @Test
    void platforms() {
        assertEquals(Optional.empty(), DirectMl.platformProblem("Windows 11", "amd64"));
        assertEquals(Optional.empty(), DirectMl.platformProblem("Windows Server 2022", "amd64"));
        assertEquals(Optional.empty(), DirectMl.platformProblem("Windows 11", "aarch64"));
        assertEquals(Optional.of("DirectML needs Windows (x64/arm64); this is Windows 10 x86"),
                DirectMl.platformProblem("Windows 10", "x86"));
        assertEquals(Optional.of("DirectML needs Windows (x64/arm64); this is Mac OS X aarch64"),
                DirectMl.platformProblem("Mac OS X", "aarch64"));
        assertEquals(Optional.of("DirectML needs Windows (x64/arm64); this is Linux amd64"),
                DirectMl.platformProblem("Linux", "amd64"));
    }

    @Test
    void withoutAPathTheSystemDllIsLoaded() {
        DirectMl.DllChoice choice = DirectMl.dllToLoad(DirectMlOptions.defaults(), Map.of());
        assertEquals(new DirectMl.DllChoice("DirectML", "the system search path"), choice);
    }

    @Test
    void theEnvironmentVariableNamesADll(@TempDir Path directory) throws IOException {
        Path dll = Files.createFile(directory.resolve("DirectML.dll"));
        DirectMl.DllChoice choice = DirectMl.dllToLoad(DirectMlOptions.defaults(),
                Map.of("DMLEMU_DIRECTML_DLL", dll.toString()));
        assertEquals(new DirectMl.DllChoice(dll.toAbsolutePath().toString(), "DMLEMU_DIRECTML_DLL"), choice);
    }

    @Test
    void theOptionWinsOverTheEnvironment(@TempDir Path directory) throws IOException {
        Path fromOption = Files.createFile(directory.resolve("a.dll"));
        Path fromEnvironment = Files.createFile(directory.resolve("b.dll"));
        DirectMl.DllChoice choice = DirectMl.dllToLoad(DirectMlOptions.defaults().withDirectMlDll(fromOption),
                Map.of("DMLEMU_DIRECTML_DLL", fromEnvironment.toString()));
        assertEquals(fromOption.toAbsolutePath().toString(), choice.nameOrPath());
    }

    @Test
    void aMissingDllIsReportedWithWhereItsNameCameFrom(@TempDir Path directory) {
        Path missing = directory.resolve("missing.dll");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DirectMl.dllToLoad(DirectMlOptions.defaults(), Map.of("DMLEMU_DIRECTML_DLL", missing.toString())));
        assertEquals("DMLEMU_DIRECTML_DLL names " + missing + ", which is not a file", e.getMessage());
    }

    @Test
    void adapterSelectionParsesTheCliSpelling() {
        assertEquals(new AdapterSelection.DefaultAdapter(), AdapterSelection.parse("default"));
        assertEquals(new AdapterSelection.Warp(), AdapterSelection.parse("WARP"));
        assertEquals(new AdapterSelection.NameContains("NVIDIA"), AdapterSelection.parse(" NVIDIA "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AdapterSelection.nameContains(" "));
        assertEquals("adapter name substring is blank", e.getMessage());
    }

    @Test
    void defaultOptions() {
        DirectMlOptions options = DirectMlOptions.defaults();
        assertEquals(new AdapterSelection.DefaultAdapter(), options.adapter());
        assertEquals(DebugLayer.OFF, options.debugLayer());
        assertEquals(Optional.empty(), options.directMlDll());
        assertEquals(Set.of(), options.executionFlags());
        assertEquals(Set.of(ExecutionFlag.DISABLE_META_COMMANDS), options
                .withExecutionFlags(Set.of(ExecutionFlag.DISABLE_META_COMMANDS)).executionFlags());
    }

    @Test
    void theBackendNameIsWhatTheCliSelects() {
        assertEquals("directml", DirectMlBackend.NAME);
    }
}

package dev.dmlemu.nativebridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;

/** Device creation on the real DirectML.dll. Windows only: nothing here runs on Linux. */
@Tag("directml")
@ExtendWith(PrintSkipReason.class)
class DirectMlDeviceTest {

    private static final String NEEDS_WINDOWS = "DirectML needs Windows (x64/arm64)";

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void theDefaultAdapterOpensAndReportsItsLevelAndTypes() {
        try (DirectMlBackend backend = WindowsBackends.openOrSkip(DirectMlOptions.defaults())) {
            System.out.println("DirectML device: " + backend.deviceInfo());
            assertEquals("directml", backend.name());
            assertTrue(backend.maxFeatureLevel().isAtLeast(FeatureLevel.LEVEL_2_1), backend.maxFeatureLevel()::cName);
            // Every DirectML device supports FLOAT32 and UINT32 (the types of the 2_1 GatherElements table).
            assertTrue(backend.deviceInfo().supportedDataTypes().contains(TensorDataType.FLOAT32));
            assertTrue(backend.deviceInfo().supportedDataTypes().contains(TensorDataType.UINT32));
            assertFalse(backend.deviceInfo().supportedDataTypes().contains(TensorDataType.UNKNOWN));
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void warpOpens() {
        try (DirectMlBackend backend = WindowsBackends.openOrSkip(DirectMlOptions.defaults()
                .withAdapter(AdapterSelection.warp()))) {
            assertEquals("Microsoft Basic Render Driver", backend.deviceInfo().adapterDescription());
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void anUnknownAdapterNameIsReported() {
        DirectMlAvailability found = DirectMl.open(DirectMlOptions.defaults()
                .withAdapter(AdapterSelection.nameContains("no-such-adapter-7f3a")));
        DirectMlAvailability.Unavailable unavailable = assertInstanceOf(DirectMlAvailability.Unavailable.class, found);
        assertTrue(unavailable.reason().endsWith("EnumAdapters1 (no adapter whose name contains the text given) failed:"
                + " HRESULT 0x887a0002 (DXGI_ERROR_NOT_FOUND)"), unavailable.reason());
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void theDebugLayerEitherOpensOrSaysItIsNotInstalled() {
        DirectMlAvailability found = DirectMl.open(DirectMlOptions.defaults().withDebugLayer(DebugLayer.ON));
        if (found instanceof DirectMlAvailability.Available available) {
            available.backend().close();
            System.out.println("DirectML debug layer is installed");
        } else {
            String reason = ((DirectMlAvailability.Unavailable) found).reason();
            assertTrue(reason.endsWith("DMLCreateDevice1 failed: HRESULT 0x887a002d (DXGI_ERROR_SDK_COMPONENT_MISSING):"
                    + " the DirectML debug layer (DirectML.Debug.dll) is not installed"), reason);
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void closeIsIdempotentAndUseAfterCloseThrows() {
        DirectMlBackend backend = WindowsBackends.openOrSkip(DirectMlOptions.defaults());
        backend.close();
        backend.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> backend.prepare(
                DocsExampleTest.docsExample(FeatureLevel.LEVEL_2_1)));
        assertEquals("DirectML backend used after close", e.getMessage());
    }
}

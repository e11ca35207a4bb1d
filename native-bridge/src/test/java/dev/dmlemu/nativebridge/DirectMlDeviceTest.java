package dev.dmlemu.nativebridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void anAdapterChoiceOrTheDebugLayerIsRefusedWithTheReason() {
        String reason = "the native core opens the first adapter D3D12 accepts and has no debug layer yet: choose the"
                + " default adapter without the debug layer";
        assertEquals(new DirectMlAvailability.Unavailable(reason),
                DirectMl.open(DirectMlOptions.defaults().withAdapter(AdapterSelection.warp())));
        assertEquals(new DirectMlAvailability.Unavailable(reason),
                DirectMl.open(DirectMlOptions.defaults().withDebugLayer(DebugLayer.ON)));
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

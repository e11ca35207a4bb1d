package dev.dmlemu.nativebridge.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.nativebridge.AdapterSelection;
import dev.dmlemu.nativebridge.blob.DescBlob;
import dev.dmlemu.nativebridge.blob.DescBlobWriter;
import dev.dmlemu.nativebridge.host.CreateMode;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.ExecuteOutcome;
import dev.dmlemu.nativebridge.host.HostBinding;
import dev.dmlemu.nativebridge.host.HostBuffer;
import dev.dmlemu.nativebridge.host.HostHello;
import dev.dmlemu.nativebridge.host.HostStage;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The in-process transport's calls and struct layouts, against a stand-in core that follows dml_core.h. */
class InProcessCoreTest {

    private static final GatherElementsOperatorDesc DOCS_EXAMPLE = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    private final FakeCoreLibrary library = new FakeCoreLibrary();

    @Test
    void openReadsTheDeviceInfoStruct() {
        try (InProcessCore core = InProcessCore.open(library, "C:\\dml\\DirectML.dll", CoreAdapter.first(), 0)) {
            assertEquals("C:\\dml\\DirectML.dll", library.lastDll);
            HostHello hello = core.hello();
            assertEquals(0x6400, hello.maxFeatureLevelCode());
            assertEquals(0xb000, hello.d3dFeatureLevel());
            assertEquals(0x51, hello.highestShaderModel());
            assertEquals(Set.of(TensorDataType.FLOAT32, TensorDataType.UINT32), hello.supportedDataTypes());
            assertEquals("Fake adapter", hello.adapterDescription());
            assertEquals("1.15.4", hello.dllVersion());
            assertEquals("C:\\fake\\DirectML.dll", hello.dllPath());
        }
        assertEquals(List.of("close"), library.calls);
    }

    @Test
    void aFailedOpenNamesTheCallAndItsHresult() {
        library.openResult = 0x887a002d;
        OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                () -> InProcessCore.open(library, "DirectML", CoreAdapter.first(), 1));
        assertEquals("DMLCreateDevice1 failed: HRESULT 0x887a002d (DXGI_ERROR_SDK_COMPONENT_MISSING): the DirectML"
                + " debug layer (DirectML.Debug.dll) is not installed", e.getMessage());
    }

    @Test
    void theAdapterChoiceAndFlagsTravelInTheOptionsStruct() {
        // enum dmlemu_adapter: 0 first, 1 WARP, 2 by name; create flag 1 = DML_CREATE_DEVICE_FLAG_DEBUG.
        InProcessCore.open(library, "DirectML", CoreAdapter.first(), 0).close();
        assertEquals("0 0 -", library.lastOptions);
        InProcessCore.open(library, "DirectML", CoreAdapter.warp(), 1).close();
        assertEquals("1 1 -", library.lastOptions);
        InProcessCore.open(library, "DirectML", CoreAdapter.named("Radeon"), 0).close();
        assertEquals("2 0 Radeon", library.lastOptions);
    }

    @Test
    void everyAdapterSelectionHasItsCoreSpelling() {
        assertEquals(CoreAdapter.first(), CoreAdapter.of(AdapterSelection.defaultAdapter()));
        assertEquals(CoreAdapter.warp(), CoreAdapter.of(AdapterSelection.warp()));
        assertEquals(new CoreAdapter(2, Optional.of("NVIDIA")), CoreAdapter.of(AdapterSelection.nameContains("NVIDIA")));
    }

    @Test
    void createHandsTheCoreTheBlobAndItsRelocationsThenFreesTheCopy() {
        DescBlob blob = DescBlobWriter.write(DOCS_EXAMPLE);
        try (InProcessCore core = InProcessCore.open(library, "DirectML", CoreAdapter.first(), 0)) {
            CreateOutcome outcome = core.create(blob, CreateMode.PREPARE, 1, Optional.empty());
            assertEquals(new CreateOutcome(HostStage.NONE, 0, 7, 64, 128), outcome);
        }
        assertArrayEquals(blob.bytes(), library.lastBlob);
        assertArrayEquals(Arrays.stream(blob.relocations()).mapToInt(Math::toIntExact).toArray(),
                library.lastRelocations);
        assertEquals(1, library.lastMode);
        assertEquals(1, library.lastFlags);
        assertEquals(List.of("create relocated", "free relocated", "close"), library.calls);
    }

    @Test
    void aDescKnownToEndTheProcessNeverReachesTheCore() {
        try (InProcessCore core = InProcessCore.open(library, "DirectML", CoreAdapter.first(), 0)) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                    () -> core.create(DescBlobWriter.write(DOCS_EXAMPLE), CreateMode.VERDICT, 0,
                            Optional.of("a bug")));
            assertEquals("not passed to DirectML, which runs in this process and would end it: a bug",
                    e.getMessage());
        }
        assertEquals(List.of("close"), library.calls);
    }

    @Test
    void executeWritesTheBindingAndBufferRecordsAndReadsBackTheOutputs() {
        ByteBuffer input = ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        try (InProcessCore core = InProcessCore.open(library, "DirectML", CoreAdapter.first(), 0)) {
            ExecuteOutcome outcome = core.execute(7, List.of(new HostBinding(0, 0, 8)),
                    List.of(HostBinding.none(), new HostBinding(1, 4, 4)),
                    List.of(HostBuffer.of(input, false), new HostBuffer(8, Optional.empty(), true)),
                    Optional.empty());
            assertEquals(HostStage.NONE, outcome.failedAt());
            assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, outcome.readBacks().get(1));
            assertEquals(Set.of(1), outcome.readBacks().keySet());
        }
        // Buffer -1 is DMLEMU_NO_BUFFER (0xFFFFFFFF); flags 1 = upload, 2 = read back.
        assertEquals(List.of("0@0+8", "-1@0+0", "1@4+4"), library.bindingsSeen);
        assertEquals(List.of("8 flags 1", "8 flags 2"), library.buffersSeen);
    }

    @Test
    void anUnknownHandleAndUseAfterCloseAreRefused() {
        InProcessCore core = InProcessCore.open(library, "DirectML", CoreAdapter.first(), 0);
        assertThrows(IllegalStateException.class, () -> core.execute(3, List.of(), List.of(), List.of(),
                Optional.empty()));
        core.close();
        core.close();
        assertEquals(List.of("close"), library.calls);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> core.create(DescBlobWriter.write(DOCS_EXAMPLE), CreateMode.VERDICT, 0, Optional.empty()));
        assertEquals("the native core was used after close", e.getMessage());
        assertTrue(core.generation() == 1);
    }
}

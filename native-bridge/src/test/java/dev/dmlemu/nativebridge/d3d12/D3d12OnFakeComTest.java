package dev.dmlemu.nativebridge.d3d12;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Callback;
import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.FakeComObject;
import dev.dmlemu.nativebridge.com.HResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** D3D12/DXGI wrappers against fake objects: hidden result pointers, barriers, enumeration end. */
class D3d12OnFakeComTest {

    interface ResourceBarrier extends Callback {
        void invoke(Pointer self, int count, Pointer barriers);
    }

    interface EnumAdapters extends Callback {
        int invoke(Pointer self, int index, Pointer out);
    }

    @Test
    void descriptorHandlesComeBackThroughTheHiddenResultPointer() {
        FakeComObject fake = new FakeComObject(11);
        fake.setSlot(D3d12DescriptorHeap.SLOT_GET_CPU_DESCRIPTOR_HANDLE_FOR_HEAP_START,
                (FakeComObject.OnePointer) (self, result) -> {
                    result.setLong(0, 0x1000_2000L);
                    return 0;
                });
        fake.setSlot(D3d12DescriptorHeap.SLOT_GET_GPU_DESCRIPTOR_HANDLE_FOR_HEAP_START,
                (FakeComObject.OnePointer) (self, result) -> {
                    result.setLong(0, 0x7_0000_0040L);
                    return 0;
                });
        try (D3d12DescriptorHeap heap = new D3d12DescriptorHeap(fake.pointer())) {
            assertEquals(0x1000_2000L, heap.cpuHandleForHeapStart());
            assertEquals(0x7_0000_0040L, heap.gpuHandleForHeapStart());
        }
    }

    @Test
    void barriersAreWrittenAtTheReferenceOffsets() {
        FakeComObject fake = new FakeComObject(29);
        FakeComObject resource = new FakeComObject(3);
        List<List<Long>> seen = new ArrayList<>();
        fake.setSlot(D3d12GraphicsCommandList.SLOT_RESOURCE_BARRIER, (ResourceBarrier) (self, count, barriers) ->
                seen.add(List.of((long) count, (long) barriers.getInt(0), (long) barriers.getInt(4),
                        Pointer.nativeValue(barriers.getPointer(8)), (long) barriers.getInt(16),
                        (long) barriers.getInt(20), (long) barriers.getInt(24))));
        try (D3d12GraphicsCommandList list = new D3d12GraphicsCommandList(fake.pointer());
                D3d12Resource buffer = new D3d12Resource(resource.pointer())) {
            list.transition(buffer, 0x400, 0x8);
            list.uavBarrierAll();
        }
        long resourceAddress = Pointer.nativeValue(resource.pointer());
        // TRANSITION (0), no flags, pResource, ALL_SUBRESOURCES (0xFFFFFFFF), COPY_DEST -> UNORDERED_ACCESS
        assertEquals(List.of(1L, 0L, 0L, resourceAddress, -1L, 0x400L, 0x8L), seen.get(0));
        // UAV (2), no flags, NULL = every UAV access
        assertEquals(List.of(1L, 2L, 0L, 0L, 0L, 0L, 0L), seen.get(1));
    }

    @Test
    void adapterEnumerationEndsAtDxgiErrorNotFound() {
        FakeComObject fake = new FakeComObject(28);
        FakeComObject adapter = new FakeComObject(11);
        fake.setSlot(DxgiFactory.SLOT_ENUM_ADAPTERS1, (EnumAdapters) (self, index, out) -> {
            if (index > 0) {
                return HResult.DXGI_ERROR_NOT_FOUND;
            }
            out.setPointer(0, adapter.pointer());
            return HResult.S_OK;
        });
        try (DxgiFactory factory = new DxgiFactory(fake.pointer())) {
            Optional<DxgiAdapter> first = factory.enumAdapter(0);
            assertTrue(first.isPresent());
            first.get().close();
            assertEquals(Optional.empty(), factory.enumAdapter(1));
        }
        assertEquals(1, adapter.releaseCalls());
    }
}

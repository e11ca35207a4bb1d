package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.struct.D3D12_RESOURCE_BARRIER;

/**
 * {@code ID3D12GraphicsCommandList} (IUnknown → ID3D12Object → ID3D12DeviceChild → ID3D12CommandList →
 * ID3D12GraphicsCommandList).
 */
public final class D3d12GraphicsCommandList extends ComObject {

    public static final int SLOT_CLOSE = 9;
    public static final int SLOT_RESET = 10;
    public static final int SLOT_COPY_BUFFER_REGION = 15;
    public static final int SLOT_COPY_RESOURCE = 17;
    public static final int SLOT_RESOURCE_BARRIER = 26;
    public static final int SLOT_SET_DESCRIPTOR_HEAPS = 28;

    /** Adopts one reference. */
    public D3d12GraphicsCommandList(Pointer pointer) {
        super(pointer, "ID3D12GraphicsCommandList");
    }

    /** {@code Close()}: ends recording (named so as not to clash with {@link #close()}, which releases). */
    public void finishRecording() {
        call(SLOT_CLOSE, "Close");
    }

    /** {@code Reset(allocator, NULL)}: opens the list for recording again. */
    public void reset(D3d12CommandAllocator allocator) {
        call(SLOT_RESET, "Reset", allocator.pointer(), null);
    }

    public void copyBufferRegion(D3d12Resource destination, long destinationOffset, D3d12Resource source,
            long sourceOffset, long byteCount) {
        callVoid(SLOT_COPY_BUFFER_REGION, destination.pointer(), destinationOffset, source.pointer(), sourceOffset,
                byteCount);
    }

    public void copyResource(D3d12Resource destination, D3d12Resource source) {
        callVoid(SLOT_COPY_RESOURCE, destination.pointer(), source.pointer());
    }

    /** A transition barrier of all subresources. */
    public void transition(D3d12Resource resource, int stateBefore, int stateAfter) {
        D3D12_RESOURCE_BARRIER barrier = new D3D12_RESOURCE_BARRIER();
        barrier.Type = D3d12Constants.D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
        barrier.pResource = resource.pointer();
        barrier.Subresource = D3d12Constants.D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
        barrier.StateBefore = stateBefore;
        barrier.StateAfter = stateAfter;
        callVoid(SLOT_RESOURCE_BARRIER, 1, barrier);
    }

    /** A UAV barrier on every UAV access (null resource): DirectML does not insert one after a dispatch. */
    public void uavBarrierAll() {
        D3D12_RESOURCE_BARRIER barrier = new D3D12_RESOURCE_BARRIER();
        barrier.Type = D3d12Constants.D3D12_RESOURCE_BARRIER_TYPE_UAV;
        barrier.pResource = null;
        callVoid(SLOT_RESOURCE_BARRIER, 1, barrier);
    }

    public void setDescriptorHeap(D3d12DescriptorHeap heap) {
        Memory heaps = new Memory(Native.POINTER_SIZE);
        heaps.setPointer(0, heap.pointer());
        callVoid(SLOT_SET_DESCRIPTOR_HEAPS, 1, heaps);
    }
}

package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.com.Iids;
import dev.dmlemu.nativebridge.struct.D3D12_COMMAND_QUEUE_DESC;
import dev.dmlemu.nativebridge.struct.D3D12_DESCRIPTOR_HEAP_DESC;
import dev.dmlemu.nativebridge.struct.D3D12_HEAP_PROPERTIES;
import dev.dmlemu.nativebridge.struct.D3D12_RESOURCE_DESC;

/** {@code ID3D12Device} (IUnknown → ID3D12Object → ID3D12Device). Every {@code create*} result is owned by the caller. */
public final class D3d12Device extends ComObject {

    public static final int SLOT_CREATE_COMMAND_QUEUE = 8;
    public static final int SLOT_CREATE_COMMAND_ALLOCATOR = 9;
    public static final int SLOT_CREATE_COMMAND_LIST = 12;
    public static final int SLOT_CREATE_DESCRIPTOR_HEAP = 14;
    public static final int SLOT_CREATE_COMMITTED_RESOURCE = 27;
    public static final int SLOT_CREATE_FENCE = 36;
    public static final int SLOT_GET_DEVICE_REMOVED_REASON = 37;

    /** Adopts one reference. */
    public D3d12Device(Pointer pointer) {
        super(pointer, "ID3D12Device");
    }

    public D3d12CommandQueue createCommandQueue(int commandListType) {
        D3D12_COMMAND_QUEUE_DESC desc = new D3D12_COMMAND_QUEUE_DESC();
        desc.Type = commandListType;
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_COMMAND_QUEUE, "CreateCommandQueue", desc, Iids.ID3D12_COMMAND_QUEUE.toNative(), out);
        return new D3d12CommandQueue(out.getValue());
    }

    public D3d12CommandAllocator createCommandAllocator(int commandListType) {
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_COMMAND_ALLOCATOR, "CreateCommandAllocator", commandListType,
                Iids.ID3D12_COMMAND_ALLOCATOR.toNative(), out);
        return new D3d12CommandAllocator(out.getValue());
    }

    /** A command list, open for recording, with no initial pipeline state. */
    public D3d12GraphicsCommandList createCommandList(int commandListType, D3d12CommandAllocator allocator) {
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_COMMAND_LIST, "CreateCommandList", 0, commandListType, allocator.pointer(), null,
                Iids.ID3D12_GRAPHICS_COMMAND_LIST.toNative(), out);
        return new D3d12GraphicsCommandList(out.getValue());
    }

    public D3d12Fence createFence(long initialValue) {
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_FENCE, "CreateFence", initialValue, D3d12Constants.D3D12_FENCE_FLAG_NONE,
                Iids.ID3D12_FENCE.toNative(), out);
        return new D3d12Fence(out.getValue());
    }

    /** A shader-visible CBV/SRV/UAV heap of {@code count} descriptors, as DirectML binding tables need. */
    public D3d12DescriptorHeap createShaderVisibleHeap(int count) {
        D3D12_DESCRIPTOR_HEAP_DESC desc = new D3D12_DESCRIPTOR_HEAP_DESC();
        desc.Type = D3d12Constants.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
        desc.NumDescriptors = count;
        desc.Flags = D3d12Constants.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_DESCRIPTOR_HEAP, "CreateDescriptorHeap", desc, Iids.ID3D12_DESCRIPTOR_HEAP.toNative(), out);
        return new D3d12DescriptorHeap(out.getValue());
    }

    /**
     * A committed buffer: row-major, {@code widthInBytes} long, in its own heap of {@code heapType}.
     *
     * @param resourceFlags e.g. {@link D3d12Constants#D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS}
     */
    public D3d12Resource createBuffer(int heapType, long widthInBytes, int resourceFlags, int initialState) {
        D3D12_HEAP_PROPERTIES heap = new D3D12_HEAP_PROPERTIES();
        heap.Type = heapType;
        heap.CreationNodeMask = 1;
        heap.VisibleNodeMask = 1;
        D3D12_RESOURCE_DESC desc = new D3D12_RESOURCE_DESC();
        desc.Dimension = D3d12Constants.D3D12_RESOURCE_DIMENSION_BUFFER;
        desc.Width = widthInBytes;
        desc.Height = 1;
        desc.DepthOrArraySize = 1;
        desc.MipLevels = 1;
        desc.Format = D3d12Constants.DXGI_FORMAT_UNKNOWN;
        desc.SampleDesc.Count = 1;
        desc.Layout = D3d12Constants.D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
        desc.Flags = resourceFlags;
        PointerByReference out = new PointerByReference();
        call(SLOT_CREATE_COMMITTED_RESOURCE, "CreateCommittedResource", heap, D3d12Constants.D3D12_HEAP_FLAG_NONE,
                desc, initialState, null, Iids.ID3D12_RESOURCE.toNative(), out);
        return new D3d12Resource(out.getValue());
    }

    /** S_OK while the device works; the removal reason (e.g. DXGI_ERROR_DEVICE_HUNG) afterwards. */
    public int deviceRemovedReason() {
        return callForHResult(SLOT_GET_DEVICE_REMOVED_REASON);
    }
}

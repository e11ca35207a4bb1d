package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.struct.D3D12_CPU_DESCRIPTOR_HANDLE;
import dev.dmlemu.nativebridge.struct.D3D12_GPU_DESCRIPTOR_HANDLE;

/** {@code ID3D12DescriptorHeap} (… → ID3D12Pageable → ID3D12DescriptorHeap). */
public final class D3d12DescriptorHeap extends ComObject {

    public static final int SLOT_GET_DESC = 8;
    public static final int SLOT_GET_CPU_DESCRIPTOR_HANDLE_FOR_HEAP_START = 9;
    public static final int SLOT_GET_GPU_DESCRIPTOR_HANDLE_FOR_HEAP_START = 10;

    /** Adopts one reference. */
    public D3d12DescriptorHeap(Pointer pointer) {
        super(pointer, "ID3D12DescriptorHeap");
    }

    /**
     * The first CPU handle; a struct returned by value, so through a hidden result pointer
     * (docs/directml-behaviour.md §4.4).
     */
    public long cpuHandleForHeapStart() {
        return callReturningStruct(SLOT_GET_CPU_DESCRIPTOR_HANDLE_FOR_HEAP_START, new D3D12_CPU_DESCRIPTOR_HANDLE())
                .ptr;
    }

    /**
     * The first GPU handle; a struct returned by value, so through a hidden result pointer
     * (docs/directml-behaviour.md §4.4).
     */
    public long gpuHandleForHeapStart() {
        return callReturningStruct(SLOT_GET_GPU_DESCRIPTOR_HANDLE_FOR_HEAP_START, new D3D12_GPU_DESCRIPTOR_HANDLE())
                .ptr;
    }
}

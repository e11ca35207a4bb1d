package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;

/** {@code ID3D12CommandAllocator} (… → ID3D12Pageable → ID3D12CommandAllocator). */
public final class D3d12CommandAllocator extends ComObject {

    public static final int SLOT_RESET = 8;

    /** Adopts one reference. */
    public D3d12CommandAllocator(Pointer pointer) {
        super(pointer, "ID3D12CommandAllocator");
    }

    /** Reuses the memory of finished command lists; only after the GPU has finished them. */
    public void reset() {
        call(SLOT_RESET, "Reset");
    }
}

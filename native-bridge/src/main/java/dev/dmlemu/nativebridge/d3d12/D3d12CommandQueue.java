package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;

/** {@code ID3D12CommandQueue} (IUnknown → ID3D12Object → ID3D12DeviceChild → ID3D12Pageable → ID3D12CommandQueue). */
public final class D3d12CommandQueue extends ComObject {

    public static final int SLOT_EXECUTE_COMMAND_LISTS = 10;
    public static final int SLOT_SIGNAL = 14;

    /** Adopts one reference. */
    public D3d12CommandQueue(Pointer pointer) {
        super(pointer, "ID3D12CommandQueue");
    }

    /** Submits one closed command list. */
    public void executeCommandList(D3d12GraphicsCommandList list) {
        Memory lists = new Memory(Native.POINTER_SIZE);
        // ID3D12GraphicsCommandList derives singly from ID3D12CommandList: the same pointer serves as both.
        lists.setPointer(0, list.pointer());
        callVoid(SLOT_EXECUTE_COMMAND_LISTS, 1, lists);
    }

    public void signal(D3d12Fence fence, long value) {
        call(SLOT_SIGNAL, "Signal", fence.pointer(), value);
    }
}

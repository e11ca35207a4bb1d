package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.WinNT;
import dev.dmlemu.nativebridge.com.ComObject;

/** {@code ID3D12Fence} (… → ID3D12Pageable → ID3D12Fence). */
public final class D3d12Fence extends ComObject {

    public static final int SLOT_GET_COMPLETED_VALUE = 8;
    public static final int SLOT_SET_EVENT_ON_COMPLETION = 9;

    /** Adopts one reference. */
    public D3d12Fence(Pointer pointer) {
        super(pointer, "ID3D12Fence");
    }

    public long completedValue() {
        return (Long) invoke(SLOT_GET_COMPLETED_VALUE, Long.class);
    }

    public void setEventOnCompletion(long value, WinNT.HANDLE event) {
        call(SLOT_SET_EVENT_ON_COMPLETION, "SetEventOnCompletion", value, event);
    }
}

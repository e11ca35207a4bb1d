package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.struct.DXGI_ADAPTER_DESC1;

/** {@code IDXGIAdapter1} (IUnknown → IDXGIObject → IDXGIAdapter → IDXGIAdapter1). */
public final class DxgiAdapter extends ComObject {

    /** {@code IDXGIAdapter1::GetDesc1(DXGI_ADAPTER_DESC1*)}: an out-pointer, not a by-value return. */
    public static final int SLOT_GET_DESC1 = 10;

    /** Adopts one reference. */
    public DxgiAdapter(Pointer pointer) {
        super(pointer, "IDXGIAdapter1");
    }

    public DXGI_ADAPTER_DESC1 desc() {
        DXGI_ADAPTER_DESC1 desc = new DXGI_ADAPTER_DESC1();
        call(SLOT_GET_DESC1, "GetDesc1", desc);
        desc.read();
        return desc;
    }
}

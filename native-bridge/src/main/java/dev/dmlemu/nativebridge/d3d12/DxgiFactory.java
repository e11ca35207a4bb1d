package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.com.HResult;
import dev.dmlemu.nativebridge.com.Iids;
import java.util.Optional;

/** {@code IDXGIFactory4} (IUnknown → IDXGIObject → IDXGIFactory → IDXGIFactory1 → … → IDXGIFactory4). */
public final class DxgiFactory extends ComObject {

    /** {@code IDXGIFactory1::EnumAdapters1(UINT, IDXGIAdapter1**)}. */
    public static final int SLOT_ENUM_ADAPTERS1 = 12;
    /** {@code IDXGIFactory4::EnumWarpAdapter(REFIID, void**)}. */
    public static final int SLOT_ENUM_WARP_ADAPTER = 27;

    /** Adopts one reference. */
    public DxgiFactory(Pointer pointer) {
        super(pointer, "IDXGIFactory4");
    }

    /** The adapter at {@code index}, or empty past the last one (DXGI_ERROR_NOT_FOUND). Caller closes. */
    public Optional<DxgiAdapter> enumAdapter(int index) {
        PointerByReference out = new PointerByReference();
        int hr = callForHResult(SLOT_ENUM_ADAPTERS1, index, out);
        if (hr == HResult.DXGI_ERROR_NOT_FOUND) {
            return Optional.empty();
        }
        HResult.check(hr, callSite("EnumAdapters1"));
        return Optional.of(new DxgiAdapter(out.getValue()));
    }

    /** The WARP software adapter ("Microsoft Basic Render Driver"). Caller closes. */
    public DxgiAdapter warpAdapter() {
        PointerByReference out = new PointerByReference();
        call(SLOT_ENUM_WARP_ADAPTER, "EnumWarpAdapter", Iids.IDXGI_ADAPTER1.toNative(), out);
        return new DxgiAdapter(out.getValue());
    }
}

package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.dmlemu.nativebridge.com.HResult;
import dev.dmlemu.nativebridge.com.Iids;

/** The exports of {@code d3d12.dll} and {@code dxgi.dll} the bridge calls; loaded only by {@link #load()}. */
public final class D3d12Library {

    private final NativeLibrary d3d12;
    private final NativeLibrary dxgi;

    private D3d12Library(NativeLibrary d3d12, NativeLibrary dxgi) {
        this.d3d12 = d3d12;
        this.dxgi = dxgi;
    }

    /** @throws UnsatisfiedLinkError if d3d12.dll or dxgi.dll cannot be loaded */
    public static D3d12Library load() {
        return new D3d12Library(NativeLibrary.getInstance("d3d12"), NativeLibrary.getInstance("dxgi"));
    }

    /**
     * {@code D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, IID_ID3D12Device)}.
     *
     * @param adapter an {@code IDXGIAdapter1}, or null for the default adapter (the first one DXGI enumerates)
     */
    public D3d12Device createDevice(DxgiAdapter adapter) {
        Function create = d3d12.getFunction("D3D12CreateDevice");
        PointerByReference out = new PointerByReference();
        Pointer adapterPointer = adapter == null ? null : adapter.pointer();
        int hr = (Integer) create.invoke(Integer.class, new Object[] {adapterPointer,
                D3d12Constants.D3D_FEATURE_LEVEL_11_0, Iids.ID3D12_DEVICE.toNative(), out});
        HResult.check(hr, "D3D12CreateDevice");
        return new D3d12Device(out.getValue());
    }

    /** {@code CreateDXGIFactory1(IID_IDXGIFactory4)}: enumerates adapters, including WARP. */
    public DxgiFactory createDxgiFactory() {
        Function create = dxgi.getFunction("CreateDXGIFactory1");
        PointerByReference out = new PointerByReference();
        int hr = (Integer) create.invoke(Integer.class, new Object[] {Iids.IDXGI_FACTORY4.toNative(), out});
        HResult.check(hr, "CreateDXGIFactory1(IDXGIFactory4)");
        return new DxgiFactory(out.getValue());
    }
}

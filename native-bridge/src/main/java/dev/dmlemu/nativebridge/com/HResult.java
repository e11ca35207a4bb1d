package dev.dmlemu.nativebridge.com;

import java.util.Map;

/**
 * HRESULT values: success test, symbolic names and the one place where a failed HRESULT becomes an exception.
 * Values are those of {@code winerror.h}.
 */
public final class HResult {

    public static final int S_OK = 0;
    public static final int S_FALSE = 1;
    public static final int E_NOTIMPL = 0x80004001;
    public static final int E_NOINTERFACE = 0x80004002;
    public static final int E_POINTER = 0x80004003;
    public static final int E_FAIL = 0x80004005;
    public static final int E_UNEXPECTED = 0x8000FFFF;
    public static final int E_ACCESSDENIED = 0x80070005;
    public static final int E_HANDLE = 0x80070006;
    public static final int E_OUTOFMEMORY = 0x8007000E;
    public static final int E_INVALIDARG = 0x80070057;
    public static final int DXGI_ERROR_INVALID_CALL = 0x887A0001;
    public static final int DXGI_ERROR_NOT_FOUND = 0x887A0002;
    public static final int DXGI_ERROR_MORE_DATA = 0x887A0003;
    public static final int DXGI_ERROR_UNSUPPORTED = 0x887A0004;
    public static final int DXGI_ERROR_DEVICE_REMOVED = 0x887A0005;
    public static final int DXGI_ERROR_DEVICE_HUNG = 0x887A0006;
    public static final int DXGI_ERROR_DEVICE_RESET = 0x887A0007;
    public static final int DXGI_ERROR_WAS_STILL_DRAWING = 0x887A000A;
    public static final int DXGI_ERROR_DRIVER_INTERNAL_ERROR = 0x887A0020;
    public static final int DXGI_ERROR_SDK_COMPONENT_MISSING = 0x887A002D;
    public static final int D3D12_ERROR_ADAPTER_NOT_FOUND = 0x887E0001;
    public static final int D3D12_ERROR_DRIVER_VERSION_MISMATCH = 0x887E0002;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(S_OK, "S_OK"),
            Map.entry(S_FALSE, "S_FALSE"),
            Map.entry(E_NOTIMPL, "E_NOTIMPL"),
            Map.entry(E_NOINTERFACE, "E_NOINTERFACE"),
            Map.entry(E_POINTER, "E_POINTER"),
            Map.entry(E_FAIL, "E_FAIL"),
            Map.entry(E_UNEXPECTED, "E_UNEXPECTED"),
            Map.entry(E_ACCESSDENIED, "E_ACCESSDENIED"),
            Map.entry(E_HANDLE, "E_HANDLE"),
            Map.entry(E_OUTOFMEMORY, "E_OUTOFMEMORY"),
            Map.entry(E_INVALIDARG, "E_INVALIDARG"),
            Map.entry(DXGI_ERROR_INVALID_CALL, "DXGI_ERROR_INVALID_CALL"),
            Map.entry(DXGI_ERROR_NOT_FOUND, "DXGI_ERROR_NOT_FOUND"),
            Map.entry(DXGI_ERROR_MORE_DATA, "DXGI_ERROR_MORE_DATA"),
            Map.entry(DXGI_ERROR_UNSUPPORTED, "DXGI_ERROR_UNSUPPORTED"),
            Map.entry(DXGI_ERROR_DEVICE_REMOVED, "DXGI_ERROR_DEVICE_REMOVED"),
            Map.entry(DXGI_ERROR_DEVICE_HUNG, "DXGI_ERROR_DEVICE_HUNG"),
            Map.entry(DXGI_ERROR_DEVICE_RESET, "DXGI_ERROR_DEVICE_RESET"),
            Map.entry(DXGI_ERROR_WAS_STILL_DRAWING, "DXGI_ERROR_WAS_STILL_DRAWING"),
            Map.entry(DXGI_ERROR_DRIVER_INTERNAL_ERROR, "DXGI_ERROR_DRIVER_INTERNAL_ERROR"),
            Map.entry(DXGI_ERROR_SDK_COMPONENT_MISSING, "DXGI_ERROR_SDK_COMPONENT_MISSING"),
            Map.entry(D3D12_ERROR_ADAPTER_NOT_FOUND, "D3D12_ERROR_ADAPTER_NOT_FOUND"),
            Map.entry(D3D12_ERROR_DRIVER_VERSION_MISMATCH, "D3D12_ERROR_DRIVER_VERSION_MISMATCH"));

    private HResult() {
    }

    /** {@code SUCCEEDED(hr)}: the sign bit is clear. */
    public static boolean succeeded(int hr) {
        return hr >= 0;
    }

    /** The {@code winerror.h} name, or {@code HRESULT} for a code this table does not list. */
    public static String name(int hr) {
        return NAMES.getOrDefault(hr, "HRESULT");
    }

    /** {@code 0x80070057}: eight lower-case hex digits. */
    public static String hex(int hr) {
        return String.format("0x%08x", hr);
    }

    /** {@code E_INVALIDARG (0x80070057)}. */
    public static String describe(int hr) {
        return name(hr) + " (" + hex(hr) + ")";
    }

    /**
     * Throws if {@code hr} is a failure.
     *
     * @param callSite the interface and method, e.g. {@code IDMLDevice::CreateOperator}
     * @throws NativeCallException carrying the code, its name and the call site
     */
    public static void check(int hr, String callSite) {
        if (!succeeded(hr)) {
            throw new NativeCallException(hr, callSite);
        }
    }
}

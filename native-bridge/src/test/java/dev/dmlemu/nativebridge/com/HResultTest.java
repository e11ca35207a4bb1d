package dev.dmlemu.nativebridge.com;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.execution.OperatorExecutionException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Values from mingw-w64 winerror.h (printed by a program compiled against it) and docs/directml-behaviour.md §4.1. */
class HResultTest {

    @ParameterizedTest
    @CsvSource({
        "0x00000000, S_OK",
        "0x00000001, S_FALSE",
        "0x80070057, E_INVALIDARG",
        "0x8007000e, E_OUTOFMEMORY",
        "0x80004002, E_NOINTERFACE",
        "0x80004003, E_POINTER",
        "0x80004005, E_FAIL",
        "0x80004001, E_NOTIMPL",
        "0x8000ffff, E_UNEXPECTED",
        "0x80070005, E_ACCESSDENIED",
        "0x80070006, E_HANDLE",
        "0x887a0001, DXGI_ERROR_INVALID_CALL",
        "0x887a0002, DXGI_ERROR_NOT_FOUND",
        "0x887a0003, DXGI_ERROR_MORE_DATA",
        "0x887a0004, DXGI_ERROR_UNSUPPORTED",
        "0x887a0005, DXGI_ERROR_DEVICE_REMOVED",
        "0x887a0006, DXGI_ERROR_DEVICE_HUNG",
        "0x887a0007, DXGI_ERROR_DEVICE_RESET",
        "0x887a000a, DXGI_ERROR_WAS_STILL_DRAWING",
        "0x887a0020, DXGI_ERROR_DRIVER_INTERNAL_ERROR",
        "0x887a002d, DXGI_ERROR_SDK_COMPONENT_MISSING",
        "0x887e0001, D3D12_ERROR_ADAPTER_NOT_FOUND",
        "0x887e0002, D3D12_ERROR_DRIVER_VERSION_MISMATCH",
    })
    void namesFollowWinerrorH(String hex, String name) {
        int hr = Integer.parseUnsignedInt(hex.substring(2), 16);
        assertEquals(name, HResult.name(hr));
        assertEquals(hex, HResult.hex(hr));
    }

    @Test
    void anUnknownCodeKeepsItsHex() {
        assertEquals("HRESULT (0x8badf00d)", HResult.describe(0x8badf00d));
    }

    @Test
    void successIsTheSignBitClear() {
        assertTrue(HResult.succeeded(0));
        assertTrue(HResult.succeeded(1));
        assertFalse(HResult.succeeded(0x80004005));
        assertDoesNotThrow(() -> HResult.check(HResult.S_FALSE, "IDMLDevice::CheckFeatureSupport"));
    }

    @Test
    void checkThrowsWithTheDocumentedMessage() {
        NativeCallException e = assertThrows(NativeCallException.class,
                () -> HResult.check(0x80070057, "IDMLDevice::CreateOperator"));
        assertEquals("IDMLDevice::CreateOperator failed: E_INVALIDARG (0x80070057)", e.getMessage());
        assertEquals("0x80070057", e.hex());
    }

    @Test
    void aHintFollowsTheCode() {
        NativeCallException e = new NativeCallException(0x887A0005, "ID3D12Device::GetDeviceRemovedReason",
                "the GPU was reset");
        assertEquals("ID3D12Device::GetDeviceRemovedReason failed: DXGI_ERROR_DEVICE_REMOVED (0x887a0005): "
                + "the GPU was reset", e.getMessage());
    }

    @Test
    void nativeFailuresAreOperatorExecutionExceptions() {
        assertTrue(OperatorExecutionException.class.isInstance(new NativeCallException(HResult.E_FAIL, "x")));
    }
}

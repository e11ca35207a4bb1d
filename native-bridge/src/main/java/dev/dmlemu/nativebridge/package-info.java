/**
 * The real DirectML as an execution backend, through JNA (Windows x64/arm64 only).
 *
 * <p>Entry point: {@link dev.dmlemu.nativebridge.DirectMl#open(DirectMlOptions)} returns either an
 * {@link dev.dmlemu.nativebridge.DirectMlAvailability.Available} holding a
 * {@link dev.dmlemu.nativebridge.DirectMlBackend} (an {@link dev.dmlemu.execution.ExecutionBackend} named
 * {@code "directml"}) or an {@link dev.dmlemu.nativebridge.DirectMlAvailability.Unavailable} with the reason. No
 * native library is loaded before {@code open} is called, and none at all on an OS other than Windows.
 *
 * <p>On Linux and macOS this module compiles and its layout, marshalling and COM-lifetime tests run (the COM
 * objects are fakes built from JNA callbacks), but nothing here can execute DirectML: that needs Windows.
 *
 * <p>Subpackages: {@code struct} (the C-named JNA structures, and nothing else), {@code com} (interface-pointer
 * lifetime, the vtable invoker, GUIDs, HRESULTs), {@code d3d12} (D3D12/DXGI wrappers), {@code dml} (DirectML
 * wrappers, the desc marshaller and its native scope).
 */
package dev.dmlemu.nativebridge;

/**
 * The native core in this process, on Windows: {@link dev.dmlemu.nativebridge.core.CoreLibrary} maps the functions
 * {@code dmlemu-core.dll} exports, {@link dev.dmlemu.nativebridge.core.CoreDll} finds the DLL in the jar
 * ({@code win32-x86-64/}), and {@link dev.dmlemu.nativebridge.core.InProcessCore} answers the core's requests
 * ({@link dev.dmlemu.nativebridge.host.CoreTransport}) with one call each. Nothing here runs on Linux but its tests,
 * which use a Java stand-in for the DLL.
 */
package dev.dmlemu.nativebridge.core;

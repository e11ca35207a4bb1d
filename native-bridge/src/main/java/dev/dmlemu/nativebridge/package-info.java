/**
 * The real DirectML as an execution backend, through the project's native core ({@code dmlemu-core.dll}): loaded
 * into the JVM by JNA on Windows x64, run in the DirectML host under Wine on Linux x86_64.
 *
 * <p>Entry point: {@link dev.dmlemu.nativebridge.DirectMl#open(DirectMlOptions)} returns either an
 * {@link dev.dmlemu.nativebridge.DirectMlAvailability.Available} holding a
 * {@link dev.dmlemu.nativebridge.DirectMlBackend} (an {@link dev.dmlemu.execution.ExecutionBackend} named
 * {@code "directml"}) or an {@link dev.dmlemu.nativebridge.DirectMlAvailability.Unavailable} with the reason. No
 * native library is loaded before {@code open} is called, and none at all into the JVM on an OS other than Windows.
 *
 * <p>Subpackages: {@code blob} (the desc as the bytes of its C struct tree), {@code host} (the core's requests,
 * {@code CoreTransport}, and the pipe transport to the Wine host), {@code core} (the in-process transport on
 * Windows: JNA over the DLL's exports).
 */
package dev.dmlemu.nativebridge;

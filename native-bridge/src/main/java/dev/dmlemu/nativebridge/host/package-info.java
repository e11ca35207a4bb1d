/**
 * The real DirectML on Linux: {@code dmlemu-host.exe} (the project's native core as a Windows console program)
 * kept running under Wine for a whole backend session and spoken to over its standard input and output with the
 * host protocol (docs/architecture.md). {@link dev.dmlemu.nativebridge.host.HostSession} owns the process: it frames
 * requests, bounds each one in size and time, restarts the host after DirectML ends it, and never lets it outlive
 * the JVM.
 */
package dev.dmlemu.nativebridge.host;

/**
 * COM plumbing: {@link dev.dmlemu.nativebridge.com.ComObject} (one owned interface pointer, one vtable invoker,
 * idempotent close), {@link dev.dmlemu.nativebridge.com.Guid}/{@link dev.dmlemu.nativebridge.com.Iids}, and
 * {@link dev.dmlemu.nativebridge.com.HResult}, the one place a failed HRESULT becomes a
 * {@link dev.dmlemu.nativebridge.com.NativeCallException}.
 */
package dev.dmlemu.nativebridge.com;

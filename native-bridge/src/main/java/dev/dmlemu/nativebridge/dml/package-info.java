/**
 * DirectML interface wrappers, and {@link dev.dmlemu.nativebridge.dml.DescMarshaller}, which writes descriptor
 * records into native memory owned by a {@link dev.dmlemu.nativebridge.dml.NativeScope}.
 */
package dev.dmlemu.nativebridge.dml;

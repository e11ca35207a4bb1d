/**
 * An operator desc as one byte image of its C struct tree (Windows x64 layout) plus the offsets of its pointer
 * fields: what the DirectML host relocates and passes to {@code CreateOperator}. Plain bytes, no native code.
 */
package dev.dmlemu.nativebridge.blob;

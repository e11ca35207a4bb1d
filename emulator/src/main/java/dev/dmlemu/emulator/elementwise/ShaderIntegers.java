package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * A FLOAT32 value turned into an integer type as DirectML's shaders do on its CPU device (measured on THRESHOLD's Min
 * and QUANTIZE_LINEAR's result, docs/directml-behaviour.md §15.7). Signed types: truncated toward zero to INT32, any
 * value outside INT32 and NaN giving INT32's minimum (x86's "integer indefinite"), then clamped to the type. Unsigned
 * types: truncated toward zero to INT64 the same way, then read as unsigned and clamped to the type's maximum, so a
 * NaN, a value of -1 or below and anything too large all give the maximum.
 */
public final class ShaderIntegers {

    private ShaderIntegers() {}

    static long of(float v, TensorDataType type) {
        if (type.isSignedInteger()) {
            long max = (1L << (type.sizeInBits() - 1)) - 1;
            return Math.max(-max - 1, Math.min(max, int32(v)));
        }
        long wide = v != v || v >= 0x1p63f || v < -0x1p63f ? Long.MIN_VALUE : (long) v;
        long max = type.sizeInBits() == 64 ? -1L : (1L << type.sizeInBits()) - 1;
        return Long.compareUnsigned(wide, max) > 0 ? max : wide;
    }

    /** {@code v} truncated toward zero to INT32, NaN and anything outside INT32 giving its minimum, as x86 converts. */
    public static int int32(float v) {
        return v != v || v >= 0x1p31f || v < -0x1p31f ? Integer.MIN_VALUE : (int) v;
    }
}

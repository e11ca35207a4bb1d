package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * CAST's integer register (docs/directml-behaviour.md §15.6): a float truncated into it, and the register narrowed to
 * the output type. A register of 32 bits is held in the low bits of a long; the bits above are ignored.
 */
final class CastRegister {

    private CastRegister() {}

    /**
     * The float {@code value} truncated toward zero into a register of {@code width} bits, signed or unsigned. A NaN,
     * an infinity or a value out of the register's range gives the register's minimum when signed (x86's "integer
     * indefinite", measured: FLOAT32 2^31 to INT32 is {@code 80000000}) and all ones when unsigned (measured: FLOAT32
     * -1.0 and 2^32 to UINT32 are {@code FFFFFFFF}).
     */
    static long truncate(double value, int width, boolean signed) {
        double t = value < 0 ? Math.ceil(value) : Math.floor(value);
        double limit = Math.scalb(1.0, signed ? width - 1 : width);
        boolean valid = value == value && (signed ? t >= -limit && t < limit : t >= 0 && t < limit);
        if (!valid) {
            return signed ? -(1L << (width - 1)) : width == 64 ? -1L : (1L << width) - 1;
        }
        if (!signed && width == 64 && t >= 0x1p63) {
            return (long) (t - 0x1p63) ^ Long.MIN_VALUE;
        }
        return (long) t;
    }

    /**
     * The register's {@code width} low bits written to {@code to}: all of them when {@code to} is as wide (its bits
     * kept, measured: INT32 {@code DDA4EFE1} to UINT32 is {@code DDA4EFE1}); otherwise the register read as signed or
     * unsigned, as {@code to} is, and saturated to its range (measured: INT32 -1 to UINT8 is {@code FF}, UINT32
     * {@code 80000000} to INT8 is {@code 80}).
     */
    static long narrow(long register, int width, TensorDataType to) {
        if (to.sizeInBits() == width) {
            return register;
        }
        long min = Cast.minOf(to);
        long max = Cast.maxOf(to);
        if (to.isSignedInteger()) {
            long v = width == 64 ? register : (int) register;
            return Math.max(min, Math.min(max, v));
        }
        long v = width == 64 ? register : register & 0xFFFF_FFFFL;
        return Long.compareUnsigned(v, max) > 0 ? max : v;
    }
}

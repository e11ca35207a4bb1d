package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * Conversions the element-wise bodies share: a float to an integer type, truncated toward zero and saturated, a NaN
 * giving what x64's conversion gives (CLIP's and CLIP_GRAD's integer bounds), a NaN made quiet, and an integer
 * type's range. CAST's own conversions, which
 * differ (docs/directml-behaviour.md §15.6), are {@code CastFamily} and {@code CastRegister}.
 */
final class Cast {

    private Cast() {}

    /** A NaN with its quiet bit set (a conversion quiets a signaling NaN); any other value as it is. */
    static double quiet(double v) {
        return v != v ? Double.longBitsToDouble(Double.doubleToRawLongBits(v) | 0x0008_0000_0000_0000L) : v;
    }

    /** The float {@code v} truncated toward zero and saturated to {@code to}'s range; a NaN is {@link #nanOf}. */
    static long toInteger(double v, TensorDataType to) {
        if (v != v) {
            return nanOf(to);
        }
        double t = v < 0 ? Math.ceil(v) : Math.floor(v);
        if (to == TensorDataType.UINT64) {
            if (t <= 0) {
                return 0;
            }
            if (t >= 0x1p64) {
                return -1L;
            }
            return t >= 0x1p63 ? (long) (t - 0x1p63) ^ Long.MIN_VALUE : (long) t;
        }
        long min = minOf(to);
        long max = maxOf(to);
        if (t <= min) {
            return min;
        }
        return t >= max ? max : (long) t;
    }

    /**
     * A NaN bound converted to {@code to} as DirectML.dll's x64 code converts it (docs/directml-behaviour.md §15.7):
     * the "integer indefinite" with only the sign bit set, from a 32-bit conversion for the signed types up to 32 bits
     * and a 64-bit one for INT64 and the unsigned types, cut to the type's width. So INT32 and INT64 get their
     * minimum, UINT64 2^63, and the others 0.
     */
    static long nanOf(TensorDataType to) {
        int bits = to.sizeInBits();
        long indefinite = to.isUnsignedInteger() || bits == 64 ? Long.MIN_VALUE : Integer.MIN_VALUE;
        if (bits == 64) {
            return indefinite;
        }
        long cut = indefinite & ((1L << bits) - 1);
        return to.isUnsignedInteger() ? cut : cut << (64 - bits) >> (64 - bits);
    }

    static long minOf(TensorDataType type) {
        return type.isUnsignedInteger() ? 0 : -(1L << (type.sizeInBits() - 1));
    }

    static long maxOf(TensorDataType type) {
        int bits = type.sizeInBits();
        return type.isUnsignedInteger() ? (bits == 64 ? -1L : (1L << bits) - 1) : (1L << (bits - 1)) - 1;
    }
}

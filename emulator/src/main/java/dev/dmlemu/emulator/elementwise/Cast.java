package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * CAST between any two data types (docs/directml-behaviour.md §15): float to float rounds to nearest even (a NaN
 * stays quiet with its top payload bits); integer to float is the nearest value, in one rounding (FLOAT16 through
 * FLOAT32, as a shader converts); float to integer truncates toward zero, saturates at the type's range and makes a
 * NaN 0; integer to integer keeps the low bits.
 */
final class Cast {

    private Cast() {}

    static ElementFunction body() {
        return (in, out, n) -> {
            Lanes x = in[0];
            TensorDataType to = out.type;
            if (to.isFloatingPoint()) {
                for (int i = 0; i < n; i++) {
                    out.values[i] = x.isFloat() ? quiet(x.values[i]) : toFloat(x.bits[i], x.type, to);
                }
                out.carrier = Lanes.Carrier.VALUES;
            } else {
                for (int i = 0; i < n; i++) {
                    out.bits[i] = x.isFloat() ? toInteger(x.values[i], to) : x.bits[i];
                }
                out.carrier = Lanes.Carrier.BITS;
            }
        };
    }

    /** A NaN with its quiet bit set (a conversion quiets a signaling NaN); any other value as it is. */
    static double quiet(double v) {
        return v != v ? Double.longBitsToDouble(Double.doubleToRawLongBits(v) | 0x0008_0000_0000_0000L) : v;
    }

    /** The integer {@code v} of type {@code from} as the float type {@code to} holds it, rounded once. */
    static double toFloat(long v, TensorDataType from, TensorDataType to) {
        boolean unsigned64 = from == TensorDataType.UINT64 && v < 0;
        if (to == TensorDataType.FLOAT64) {
            // Halving with the lost bit kept sticky rounds once, then doubling is exact.
            return unsigned64 ? (double) (v >>> 1 | v & 1) * 2 : (double) v;
        }
        float f = unsigned64 ? (float) (v >>> 1 | v & 1) * 2 : (float) v;
        return f;
    }

    /** The float {@code v} truncated toward zero and saturated to {@code to}'s range; NaN is 0. */
    static long toInteger(double v, TensorDataType to) {
        if (v != v) {
            return 0;
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

    static long minOf(TensorDataType type) {
        return type.isUnsignedInteger() ? 0 : -(1L << (type.sizeInBits() - 1));
    }

    static long maxOf(TensorDataType type) {
        int bits = type.sizeInBits();
        return type.isUnsignedInteger() ? (bits == 64 ? -1L : (1L << bits) - 1) : (1L << (bits - 1)) - 1;
    }
}

package dev.dmlemu.desc;

import java.math.BigDecimal;

/**
 * IEEE 754 binary16 ({@code DML_TENSOR_DATA_TYPE_FLOAT16}) held in a {@code short}, since Java 17 has no half type.
 * Conversions to half round to nearest, ties to even, decided against the exact input.
 */
public final class Float16 {

    /** Bits of +infinity. */
    public static final short POSITIVE_INFINITY = 0x7C00;
    /** Bits of -infinity. */
    public static final short NEGATIVE_INFINITY = (short) 0xFC00;
    /** Bits of the canonical quiet NaN. */
    public static final short NaN = 0x7E00;
    /** Bits of the largest finite value, 65504. */
    public static final short MAX_VALUE = 0x7BFF;

    private Float16() {}

    /** The exact value of a half as a float (every half is exactly a float); NaN payloads are kept. */
    public static float toFloat(short bits) {
        int sign = (bits & 0x8000) << 16;
        int exponent = (bits >>> 10) & 0x1F;
        int mantissa = bits & 0x3FF;
        if (exponent == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F80_0000 | (mantissa << 13));
        }
        if (exponent == 0) {
            // Subnormal or zero: mantissa * 2^-24, exact in float.
            float magnitude = mantissa * 0x1p-24f;
            return sign == 0 ? magnitude : -magnitude;
        }
        return Float.intBitsToFloat(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
    }

    /** The nearest half to an exact decimal (ties to even); infinity when {@code |value| >= 65520}. Zero is +0. */
    public static short fromBigDecimal(BigDecimal value) {
        return (short) IeeeRounding.BINARY16.roundToBits(value);
    }

    /** The nearest half to {@code value} (ties to even, decided on the exact double); NaN gives {@link #NaN}. */
    public static short fromDouble(double value) {
        if (Double.isNaN(value)) {
            return NaN;
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY;
        }
        short magnitude = fromBigDecimal(new BigDecimal(Math.abs(value)));
        return Math.copySign(1.0, value) < 0 ? (short) (magnitude | 0x8000) : magnitude;
    }

    /** The nearest half to {@code value}; a float widens to double exactly, so this rounds once. */
    public static short fromFloat(float value) {
        return fromDouble(value);
    }

    /** True when {@code |value|} rounds to a finite half, i.e. is below 65520. */
    public static boolean isInRange(BigDecimal value) {
        return IeeeRounding.BINARY16.isFinite(value);
    }

    public static boolean isNaN(short bits) {
        return (bits & 0x7C00) == 0x7C00 && (bits & 0x3FF) != 0;
    }

    public static boolean isInfinite(short bits) {
        return (bits & 0x7FFF) == 0x7C00;
    }

    public static boolean isFinite(short bits) {
        return (bits & 0x7C00) != 0x7C00;
    }

    /** The half's value as text, as {@link Float#toString} writes the same value. */
    public static String toString(short bits) {
        return Float.toString(toFloat(bits));
    }
}

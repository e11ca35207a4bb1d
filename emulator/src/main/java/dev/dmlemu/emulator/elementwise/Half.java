package dev.dmlemu.emulator.elementwise;

/**
 * IEEE 754 binary16 to and from double, exactly (Java 17 has no {@code Float.float16ToFloat}). Narrowing rounds to
 * nearest even, overflows to infinity, and keeps a NaN quiet with the top ten bits of its payload.
 */
final class Half {

    private Half() {}

    /** The exact value of the half with bits {@code h} (low 16 bits). */
    static double toDouble(int h) {
        int sign = h >>> 15 & 1;
        int exponent = h >>> 10 & 0x1F;
        int mantissa = h & 0x3FF;
        double magnitude;
        if (exponent == 0x1F) {
            if (mantissa == 0) {
                magnitude = Double.POSITIVE_INFINITY;
            } else {
                // NaN: the payload moves to the top of the double's mantissa, as a widening conversion does.
                long bits = 0x7FF0_0000_0000_0000L | (long) mantissa << 42;
                return Double.longBitsToDouble(bits | (long) sign << 63);
            }
        } else if (exponent == 0) {
            magnitude = Math.scalb((double) mantissa, -24);
        } else {
            magnitude = Math.scalb((double) (mantissa | 0x400), exponent - 25);
        }
        return sign == 1 ? -magnitude : magnitude;
    }

    /** The half nearest {@code v} (ties to even). */
    static short fromDouble(double v) {
        long bits = Double.doubleToRawLongBits(v);
        int sign = (int) (bits >>> 48) & 0x8000;
        if (Double.isNaN(v)) {
            return (short) (sign | 0x7E00 | (int) (bits >>> 42) & 0x3FF);
        }
        double a = Math.abs(v);
        if (a >= 65520.0) {
            // 65520 is the midpoint between 65504 and 2^16, which rounds to even: infinity.
            return (short) (sign | 0x7C00);
        }
        if (a < 0x1p-14) {
            // Subnormal (or zero): a count of 2^-24 units, rounded to nearest even.
            return (short) (sign | (int) Math.rint(a * 0x1p24));
        }
        int exponent = Math.getExponent(a);
        double units = Math.rint(Math.scalb(a, 10 - exponent));
        // units lies in [1024, 2048]; 2048 carries into the next exponent, which the bit layout does by itself.
        return (short) (sign | ((exponent + 14) << 10) + (int) units);
    }
}

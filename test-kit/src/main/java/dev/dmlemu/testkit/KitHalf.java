package dev.dmlemu.testkit;

/**
 * IEEE binary16 for the kit's references, through FLOAT32 as a GPU shader converts: widening is exact, narrowing a
 * float rounds to nearest even. Written from the IEEE 754 layout, independently of the emulator's converter.
 */
public final class KitHalf {

    private KitHalf() {}

    /** The float holding the half {@code h} exactly (a NaN keeps its payload in the top mantissa bits). */
    public static float toFloat(int h) {
        int sign = (h & 0x8000) << 16;
        int exponent = (h >> 10) & 0x1F;
        int mantissa = h & 0x3FF;
        if (exponent == 31) {
            return Float.intBitsToFloat(sign | 0x7F80_0000 | mantissa << 13);
        }
        if (exponent == 0) {
            float magnitude = mantissa * 0x1p-24f;
            return sign == 0 ? magnitude : -magnitude;
        }
        return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
    }

    /** The half nearest the float {@code f}, ties to even; a NaN stays quiet with its top payload bits. */
    public static int fromFloat(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        int exponent = (bits >>> 23) & 0xFF;
        int mantissa = bits & 0x7F_FFFF;
        if (exponent == 255) {
            return mantissa == 0 ? sign | 0x7C00 : sign | 0x7E00 | mantissa >>> 13;
        }
        float a = Math.abs(f);
        if (a >= 65520f) {
            // 65520 is halfway between 65504 and 2^16; the tie goes to the even one, infinity.
            return sign | 0x7C00;
        }
        // One rounding, at the granularity of the half's binade: 2^(e - 10), never finer than 2^-24.
        int granularity = Math.max(Math.getExponent(a), -14) - 10;
        int units = (int) Math.rint(Math.scalb(a, -granularity));
        if (granularity == -24) {
            return sign | units; // a subnormal, or 1024 units: the smallest normal, whose bits are the same
        }
        return sign | ((granularity + 25) << 10) + units - 1024;
    }
}

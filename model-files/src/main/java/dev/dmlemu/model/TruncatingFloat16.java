package dev.dmlemu.model;

/**
 * The float-to-half conversion DxDispatch's sequences use: its half library's default rounding, which truncates
 * toward zero, sends a magnitude of 2^16 or more to infinity, and keeps a NaN's top mantissa bits
 * (docs/directml-behaviour.md §9.1). The project's own conversions ({@code Float16}) round to nearest instead.
 */
final class TruncatingFloat16 {

    private TruncatingFloat16() {}

    /** The half bits of {@code value} truncated toward zero. */
    static short fromFloat(float value) {
        int bits = Float.floatToRawIntBits(value);
        int sign = (bits >>> 16) & 0x8000;
        int exponent = (bits >>> 23) & 0xFF;
        int mantissa = bits & 0x7F_FFFF;
        if (exponent == 0xFF) {
            return (short) (sign | 0x7C00 | (mantissa >>> 13));
        }
        if (exponent > 127 + 15) {
            return (short) (sign | 0x7C00);
        }
        if (exponent > 127 - 15) {
            return (short) (sign | ((exponent - 127 + 15) << 10) | (mantissa >>> 13));
        }
        if (exponent > 127 - 25) {
            // A half subnormal: the magnitude in units of 2^-24, the implicit bit included.
            return (short) (sign | ((mantissa | 0x80_0000) >>> (126 - exponent)));
        }
        return (short) sign;
    }
}

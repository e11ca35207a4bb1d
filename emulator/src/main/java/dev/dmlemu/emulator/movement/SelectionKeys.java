package dev.dmlemu.emulator.movement;

/**
 * Maps a line of raw element bits (zero-extended, at most 4 bytes) to int keys whose signed order is the elements'
 * order toward the extremum: FLOAT32 sign and magnitude to two's complement (-0.0 and 0.0 share the key 0), a signed
 * integer sign-extended, an unsigned one with its top bit flipped, and every key inverted for the smallest. Each
 * mapping is one branch-free loop the JIT can vectorize.
 *
 * @param floating FLOAT32: NaNs are looked for
 * @param signBit a signed integer type's sign bit, else 0
 * @param offset what is XORed in before the sign bit is subtracted: the sign bit, or for an unsigned type the int
 *     sign bit
 * @param flip -1 for the smallest, else 0
 */
record SelectionKeys(boolean floating, int signBit, int offset, int flip) {

    private static final int MAGNITUDE = 0x7FFF_FFFF;
    private static final int INFINITY = 0x7F80_0000;

    static SelectionKeys of(ElementOrder order, Extremum extremum) {
        int flip = extremum == Extremum.SMALLEST ? -1 : 0;
        if (order.floating()) {
            return new SelectionKeys(true, 0, 0, flip);
        }
        int signBit = (int) order.signBit();
        return new SelectionKeys(false, signBit, signBit != 0 ? signBit : Integer.MIN_VALUE, flip);
    }

    /** Writes the keys of {@code bits[0, length)} to {@code keys}; false when a FLOAT32 element is a NaN. */
    boolean map(int[] bits, int[] keys, int length) {
        return floating ? mapFloats(bits, keys, length, flip) : mapIntegers(bits, keys, length, offset, signBit, flip);
    }

    private static boolean mapFloats(int[] bits, int[] keys, int length, int flip) {
        // Negative exactly when some magnitude is above infinity's, that is a NaN.
        int nan = 0;
        for (int p = 0; p < length; p++) {
            int element = bits[p];
            int sign = element >> 31;
            int magnitude = element & MAGNITUDE;
            keys[p] = ((magnitude ^ sign) - sign) ^ flip;
            nan |= INFINITY - magnitude;
        }
        return nan >= 0;
    }

    private static boolean mapIntegers(int[] bits, int[] keys, int length, int offset, int signBit, int flip) {
        for (int p = 0; p < length; p++) {
            keys[p] = ((bits[p] ^ offset) - signBit) ^ flip;
        }
        return true;
    }
}

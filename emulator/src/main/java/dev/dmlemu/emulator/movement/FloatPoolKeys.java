package dev.dmlemu.emulator.movement;

/**
 * FLOAT32 bits mapped to int keys whose signed order is max pooling's order (docs/directml-behaviour.md §16.9), so a
 * window's maximum is a maximum over ints: every key is at least the key of the starting value -3.4028235e38, which NaN
 * and -infinity map to (neither is ever taken), and -0.0 and 0.0 both map to 0 (they tie). A maximum of key 0
 * therefore does not say which zero was taken first; the caller resolves those windows with the exact
 * element-by-element walk. The mappings and {@link #max} use only integer arithmetic and masks, no branch and no
 * {@code Math.max} (which C2 17 compiles to a scalar conditional move), so their loops are vectorized.
 */
final class FloatPoolKeys {

    /** The key of -3.4028235e38, the value every window starts from. */
    static final int LOWEST = -0x7F7F_FFFF;

    /** The key of a zero of either sign: its sign depends on which zero the window reads first. */
    static final int ZERO = 0;

    private static final int INFINITY_BITS = 0x7F80_0000;

    private FloatPoolKeys() {}

    /** Maps {@code length} raw FLOAT32 bits of {@code row} to keys, in place. */
    static void toKeys(int[] row, int length) {
        toKeys(row, 0, length);
    }

    /** Maps {@code row[from, end)}, raw FLOAT32 bits, to keys, in place. */
    static void toKeys(int[] row, int from, int end) {
        for (int i = from; i < end; i++) {
            int bits = row[i];
            int magnitude = bits & 0x7FFF_FFFF;
            int negative = bits >> 31;
            int key = (magnitude ^ negative) - negative;
            // All ones for an infinity or a NaN, but +infinity: those become the start value.
            int infinityOrNan = (INFINITY_BITS - 1 - magnitude) >> 31;
            int fromPositiveInfinity = bits ^ INFINITY_BITS;
            int lowest = infinityOrNan & ((fromPositiveInfinity | -fromPositiveInfinity) >> 31);
            row[i] = key ^ ((key ^ LOWEST) & lowest);
        }
    }

    /**
     * The larger of two ints, by the sign of their difference corrected for overflow (Hacker's Delight 2-12), in
     * operations C2 vectorizes.
     */
    static int max(int a, int b) {
        int difference = a - b;
        int less = (difference ^ ((a ^ b) & (difference ^ a))) >> 31;
        return a ^ ((a ^ b) & less);
    }

    /** The FLOAT32 bits of a key other than {@link #ZERO}. */
    static int toBits(int key) {
        return key >= 0 ? key : -key | 0x8000_0000;
    }

    /**
     * Writes the FLOAT32 bits of {@code keys[0, length)} to {@code bits}, a key of {@link #ZERO} as 0.0, and says
     * whether there was such a key (whose sign the caller must then decide).
     */
    static boolean toBits(int[] keys, int[] bits, int length) {
        // Stays negative while every key is non-zero: k | -k has its sign bit set unless k is 0.
        int allNonZero = -1;
        for (int i = 0; i < length; i++) {
            int key = keys[i];
            int negative = key >> 31;
            bits[i] = ((key ^ negative) - negative) | (negative & 0x8000_0000);
            allNonZero &= key | -key;
        }
        return allNonZero >= 0;
    }

    /**
     * {@code keys} gets the maximum of {@code a}, {@code b} and {@code c}. A loop of its own: C2 17 vectorizes it,
     * and does not when the conversion to bits follows in the same loop.
     */
    static void maximum(int[] a, int[] b, int[] c, int[] keys, int length) {
        for (int i = 0; i < length; i++) {
            keys[i] = max(max(a[i], b[i]), c[i]);
        }
    }
}

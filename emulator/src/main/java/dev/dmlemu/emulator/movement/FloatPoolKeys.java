package dev.dmlemu.emulator.movement;

/**
 * FLOAT32 bits mapped to int keys whose signed order is max pooling's order (docs/directml-behaviour.md §16.9), so a
 * window's maximum is a maximum over ints: a negative value's magnitude bits are flipped, which orders it below the
 * non-negative ones and reverses the order among negatives; NaN and -infinity map to the key of the starting value
 * -3.4028235e38 (neither is ever taken), so every key is at least it. -0.0 (key -1) sorts just below 0.0 (key 0),
 * while the pooling ties them: a maximum of either key does not say which zero was taken, and the caller resolves
 * those windows with the exact element-by-element walk.
 *
 * <p>The mappings and {@link #max} use only integer arithmetic and masks, no branch and no {@code Math.max} (which
 * C2 17 compiles to a scalar conditional move), so their loops are vectorized; the flip is its own inverse, and C2 17
 * still vectorizes it fused with a maximum (a two's complement negation there left the loop scalar).
 */
final class FloatPoolKeys {

    /** The key of -3.4028235e38, the value every window starts from. */
    static final int LOWEST = -0x7F80_0000;

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
            int key = bits ^ ((bits >> 31) & 0x7FFF_FFFF);
            // All ones for an infinity or a NaN, but +infinity: those become the start value.
            int infinityOrNan = (INFINITY_BITS - 1 - (bits & 0x7FFF_FFFF)) >> 31;
            int fromPositiveInfinity = bits ^ INFINITY_BITS;
            int lowest = infinityOrNan & ((fromPositiveInfinity | -fromPositiveInfinity) >> 31);
            row[i] = key ^ ((key ^ LOWEST) & lowest);
        }
    }

    /** The FLOAT32 bits of a key. */
    static int toBits(int key) {
        return key ^ ((key >> 31) & 0x7FFF_FFFF);
    }

    /** Whether a key is a zero's, of either sign: which zero a window gives is the exact walk's to say. */
    static boolean isZero(int key) {
        return (key ^ (key >> 31)) == 0;
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

    /** Writes the FLOAT32 bits of {@code keys[0, length)} to {@code bits}. */
    static void toBits(int[] keys, int[] bits, int length) {
        for (int i = 0; i < length; i++) {
            int key = keys[i];
            bits[i] = key ^ ((key >> 31) & 0x7FFF_FFFF);
        }
    }

    /** Writes to {@code bits} the FLOAT32 bits of the maximum of the keys {@code a}, {@code b} and {@code c}. */
    static void maximumToBits(int[] a, int[] b, int[] c, int[] bits, int length) {
        for (int i = 0; i < length; i++) {
            int key = max(max(a[i], b[i]), c[i]);
            bits[i] = key ^ ((key >> 31) & 0x7FFF_FFFF);
        }
    }

    /**
     * Clears the sign bit of {@code nonZero[i]} where {@code bits[i]} is a zero of either sign; element-wise, so the
     * loop needs no reduction.
     */
    static void markZeros(int[] bits, int[] nonZero, int length) {
        for (int i = 0; i < length; i++) {
            int magnitude = bits[i] << 1;
            nonZero[i] &= magnitude | -magnitude;
        }
    }

    /** Whether {@link #markZeros} met a zero in some column. */
    static boolean anyZero(int[] nonZero) {
        for (int flags : nonZero) {
            if (flags >= 0) {
                return true;
            }
        }
        return false;
    }
}

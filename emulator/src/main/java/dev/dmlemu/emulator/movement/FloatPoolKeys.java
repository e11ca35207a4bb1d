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
 * still vectorizes it fused with a maximum (a two's complement negation there left the loop scalar). The loops over
 * arrays are {@link FloatBlockLoops}'.
 */
final class FloatPoolKeys {

    /** The key of -3.4028235e38, the value every window starts from. */
    static final int LOWEST = -0x7F80_0000;

    private FloatPoolKeys() {}

    /** Maps {@code length} raw FLOAT32 bits of {@code row} to keys, in place. */
    static void toKeys(int[] row, int length) {
        toKeys(row, 0, length);
    }

    /** Maps {@code row[from, end)}, raw FLOAT32 bits, to keys, in place. */
    static void toKeys(int[] row, int from, int end) {
        FloatBlockLoops.run(FloatBlockLoops.KEYS, row, null, null, row, from, end);
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

    /** {@code bits[from, end)} gets the FLOAT32 bits of {@code keys[from, end)}. */
    static void toBits(int[] keys, int[] bits, int from, int end) {
        FloatBlockLoops.run(FloatBlockLoops.TO_BITS, keys, null, null, bits, from, end);
    }

    /** {@code maxima[from, end)} gets the larger key of {@code a} and {@code b}, element by element. */
    static void maximum(int[] a, int[] b, int[] maxima, int from, int end) {
        FloatBlockLoops.run(FloatBlockLoops.MAXIMUM_OF_TWO, a, b, null, maxima, from, end);
    }

    /** {@code maxima[from, end)} gets the largest key of {@code a}, {@code b} and {@code c}, element by element. */
    static void maximum(int[] a, int[] b, int[] c, int[] maxima, int from, int end) {
        FloatBlockLoops.run(FloatBlockLoops.MAXIMUM_OF_THREE, a, b, c, maxima, from, end);
    }

    /** {@code maxima[from, end)} takes the larger of itself and {@code a}, element by element. */
    static void maximumInto(int[] a, int[] maxima, int from, int end) {
        FloatBlockLoops.run(FloatBlockLoops.MAXIMUM_OF_TWO, a, maxima, null, maxima, from, end);
    }

    /** {@code bits[from, end)} gets the FLOAT32 bits of the larger key of {@code a} and {@code b}. */
    static void maximumToBits(int[] a, int[] b, int[] bits, int from, int end) {
        FloatBlockLoops.run(FloatBlockLoops.MAXIMUM_OF_TWO_TO_BITS, a, b, null, bits, from, end);
    }

    /** {@code bits[from, end)} gets the FLOAT32 bits of the largest key of {@code a}, {@code b} and {@code c}. */
    static void maximumToBits(int[] a, int[] b, int[] c, int[] bits, int from, int end) {
        FloatBlockLoops.run(FloatBlockLoops.MAXIMUM_OF_THREE_TO_BITS, a, b, c, bits, from, end);
    }

    /** Whether some of {@code bits[from, end)} is a zero of either sign. */
    static boolean anyZero(int[] bits, int from, int end) {
        return FloatBlockLoops.run(FloatBlockLoops.ANY_ZERO, bits, null, null, null, from, end) >= 0;
    }
}

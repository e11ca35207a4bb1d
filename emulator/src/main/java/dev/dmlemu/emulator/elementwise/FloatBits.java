package dev.dmlemu.emulator.elementwise;

/**
 * Tests on FLOAT32 elements held as their raw bits in an {@code int[]}: branch-free passes over a piece that C2 17
 * vectorizes (an OR of values whose sign bit is set exactly for the elements sought), where the same test on a
 * {@code float[]} is a compare and branch per element (docs/performance.md, "The staged path on JDK 17, again").
 */
final class FloatBits {

    /** Absolute bits (sign cleared) above this are NaN. */
    private static final int INFINITY = 0x7F80_0000;
    /** Absolute bits at or above this (2^31, infinities, NaN) truncate outside INT32. */
    private static final int TWO_TO_31 = 0x4F00_0000;

    private FloatBits() {}

    /** Whether one of the first {@code count} elements is a NaN. */
    static boolean anyNaN(int[] bits, int count) {
        return anyAtOrAbove(bits, count, INFINITY + 1);
    }

    /** Whether the element is a NaN. */
    static boolean isNaN(int bits) {
        return (bits & 0x7FFF_FFFF) > INFINITY;
    }

    /** Whether one of the first {@code count} elements is NaN or of magnitude 2^31 or more (infinities too). */
    static boolean anyOutsideInt32(int[] bits, int count) {
        return anyAtOrAbove(bits, count, TWO_TO_31);
    }

    /** Whether the element is NaN or of magnitude 2^31 or more: Java's truncation is not the exact one there. */
    static boolean isOutsideInt32(int bits) {
        return (bits & 0x7FFF_FFFF) >= TWO_TO_31;
    }

    /**
     * Whether one of the first {@code count} elements has absolute bits (sign cleared) of {@code limit} or more, for
     * a {@code limit} above 0: adding {@code 0x7FFFFFFF - (limit - 1)} to absolute bits carries into the sign bit
     * exactly when they are {@code limit} or more, and the OR of the sums keeps any such sign bit.
     */
    static boolean anyAtOrAbove(int[] bits, int count, int limit) {
        int carry = Integer.MAX_VALUE - (limit - 1);
        int signs = 0;
        for (int i = 0; i < count; i++) {
            signs |= (bits[i] & 0x7FFF_FFFF) + carry;
        }
        return signs < 0;
    }
}

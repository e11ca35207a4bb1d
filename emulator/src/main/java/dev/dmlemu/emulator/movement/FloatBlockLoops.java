package dev.dmlemu.emulator.movement;

/**
 * The FLOAT32 max pooling fast path's loops over arrays of {@link FloatPoolKeys} keys and bits, each a method of its
 * own that C2 always compiles on its own. Inlined into the block's code, or kept together in one large method, the
 * same loop came out vectorized in one JVM and 2-4 times slower in the next, depending on what C2 had compiled and
 * profiled first (docs/performance.md, "MAX_POOL over whole planes"). So every loop is called through {@link #run},
 * one virtual call site that sees every loop: C2 finds it megamorphic and calls the loop's own compiled code, at the
 * cost of one virtual call per loop over a block.
 *
 * <p>Every loop reads and writes its arrays at the loop's own index: C2 17 leaves the maximum scalar when a loop reads
 * an array at another index, even one offset by a loop invariant. Callers line their operands up with
 * {@code System.arraycopy} first.
 */
enum FloatBlockLoops {

    /** {@code out} gets the keys of the FLOAT32 bits {@code a} (in place when they are the same array). */
    KEYS {
        @Override
        int loop(int[] a, int[] b, int[] c, int[] out, int from, int end) {
            for (int i = from; i < end; i++) {
                int bits = a[i];
                int key = bits ^ ((bits >> 31) & 0x7FFF_FFFF);
                // All ones for an infinity or a NaN, but +infinity: those become the start value.
                int infinityOrNan = (INFINITY_BITS - 1 - (bits & 0x7FFF_FFFF)) >> 31;
                int fromPositiveInfinity = bits ^ INFINITY_BITS;
                int lowest = infinityOrNan & ((fromPositiveInfinity | -fromPositiveInfinity) >> 31);
                out[i] = key ^ ((key ^ FloatPoolKeys.LOWEST) & lowest);
            }
            return 0;
        }
    },
    /** {@code out} gets the FLOAT32 bits of the keys {@code a}. */
    TO_BITS {
        @Override
        int loop(int[] a, int[] b, int[] c, int[] out, int from, int end) {
            for (int i = from; i < end; i++) {
                int key = a[i];
                out[i] = key ^ ((key >> 31) & 0x7FFF_FFFF);
            }
            return 0;
        }
    },
    /** {@code out} gets the larger key of {@code a} and {@code b}. */
    MAXIMUM_OF_TWO {
        @Override
        int loop(int[] a, int[] b, int[] c, int[] out, int from, int end) {
            for (int i = from; i < end; i++) {
                out[i] = FloatPoolKeys.max(a[i], b[i]);
            }
            return 0;
        }
    },
    /** {@code out} gets the largest key of {@code a}, {@code b} and {@code c}. */
    MAXIMUM_OF_THREE {
        @Override
        int loop(int[] a, int[] b, int[] c, int[] out, int from, int end) {
            for (int i = from; i < end; i++) {
                out[i] = FloatPoolKeys.max(FloatPoolKeys.max(a[i], b[i]), c[i]);
            }
            return 0;
        }
    },
    /** {@code out} gets the FLOAT32 bits of the larger key of {@code a} and {@code b}. */
    MAXIMUM_OF_TWO_TO_BITS {
        @Override
        int loop(int[] a, int[] b, int[] c, int[] out, int from, int end) {
            for (int i = from; i < end; i++) {
                int key = FloatPoolKeys.max(a[i], b[i]);
                out[i] = key ^ ((key >> 31) & 0x7FFF_FFFF);
            }
            return 0;
        }
    },
    /** {@code out} gets the FLOAT32 bits of the largest key of {@code a}, {@code b} and {@code c}. */
    MAXIMUM_OF_THREE_TO_BITS {
        @Override
        int loop(int[] a, int[] b, int[] c, int[] out, int from, int end) {
            for (int i = from; i < end; i++) {
                int key = FloatPoolKeys.max(FloatPoolKeys.max(a[i], b[i]), c[i]);
                out[i] = key ^ ((key >> 31) & 0x7FFF_FFFF);
            }
            return 0;
        }
    },
    /**
     * Returns a value {@code >= 0} when some of the FLOAT32 bits {@code a} is a zero of either sign: one AND reduction
     * in a loop of its own (C2 17 reduces the vector on every pass, which costs less alone than in a loop that also
     * does the maxima).
     */
    ANY_ZERO {
        @Override
        int loop(int[] a, int[] b, int[] c, int[] out, int from, int end) {
            int nonZero = -1;
            for (int i = from; i < end; i++) {
                int magnitude = a[i] << 1;
                nonZero &= magnitude | -magnitude;
            }
            return nonZero;
        }
    };

    private static final int INFINITY_BITS = 0x7F80_0000;

    /**
     * The loops by ordinal, read from an array so that C2 does not know which one a call runs (it folds a static
     * final field, not the elements of an array).
     */
    private static final FloatBlockLoops[] ALL = values();

    /** Runs {@code loop} over the elements {@code [from, end)} of the arrays it uses; returns 0 but for ANY_ZERO. */
    static int run(FloatBlockLoops loop, int[] a, int[] b, int[] c, int[] out, int from, int end) {
        return ALL[loop.ordinal()].loop(a, b, c, out, from, end);
    }

    abstract int loop(int[] a, int[] b, int[] c, int[] out, int from, int end);
}

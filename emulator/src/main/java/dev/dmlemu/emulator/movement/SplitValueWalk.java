package dev.dmlemu.emulator.movement;

import java.util.Optional;

/**
 * Where DirectML's REDUCE MAX and MIN walk the reduced elements as interleaved parts (docs/directml-behaviour.md §16.7,
 * "Split walks"), measured on the real DLL. On a packed input whose reduced dimensions of more than one element are
 * adjacent, they read as one axis of {@code n} elements with {@code inner} elements after it; DirectML walks that axis
 * as {@link #parts} parts of {@link #partLength} elements, element {@code k * partLength + q} with {@code q} outer and
 * {@code k} inner. It decides only which of equal elements (-0.0 and +0.0) is written. Other layouts, reduced
 * dimensions apart, and shapes past the measured size keep the largest-stride-first walk ({@link ValueWalkOrder}).
 *
 * @param partLength the elements of one part, {@code n / parts}
 * @param parts the number of parts, a power of two, at least 2
 * @param stride the axis's element stride, {@code inner}
 */
record SplitValueWalk(long partLength, long parts, long stride) {

    /** The most parts measured: axes of 128 elements and more split into 64. */
    static final long MOST_PARTS = 64;
    /** The largest {@code n * inner} measured to split by this rule; 32,768 (inner 32 and 64) was no walk at all. */
    static final long LARGEST_MEASURED = 18_432;
    /** With fewer elements than this after the axis, a part's elements times {@code inner} reach at least as many. */
    private static final long LEAST_PART_TIMES_INNER = 8;
    /** From this many elements after the axis on, parts have no least length, but axes up to 96 stay whole. */
    private static final long WIDE_INNER = 8;
    private static final long LONGEST_WHOLE_WIDE_AXIS = 96;

    /**
     * How many parts DirectML walks an axis of {@code n} elements with {@code inner} elements after it in (1: whole).
     * An innermost axis is walked whole; with 2 to 7 elements after it, the largest power of two dividing {@code n},
     * at most 64, that leaves parts whose elements, times {@code inner}, are at least 8; with 8 or more, axes of up to
     * 96 elements whole and longer ones in the largest power of two dividing {@code n}, at most 64.
     */
    static long parts(long n, long inner) {
        if (inner <= 1 || n > LARGEST_MEASURED / inner) {
            return 1;
        }
        long parts = Math.min(MOST_PARTS, Long.lowestOneBit(n));
        if (inner >= WIDE_INNER) {
            return n <= LONGEST_WHOLE_WIDE_AXIS ? 1 : parts;
        }
        while (parts > 1 && n / parts * inner < LEAST_PART_TIMES_INNER) {
            parts /= 2;
        }
        return parts;
    }

    /**
     * The split walk of the reduced dimensions ({@code reduced}) of an input of {@code sizes} and element
     * {@code strides}, when it is packed, those of more than one element are adjacent, and DirectML splits them;
     * empty when the walk is whole or the rule was not measured for the shape.
     */
    static Optional<SplitValueWalk> of(long[] sizes, long[] strides, boolean[] reduced) {
        if (!packed(sizes, strides)) {
            return Optional.empty();
        }
        int first = -1;
        int last = -1;
        for (int d = 0; d < sizes.length; d++) {
            if (sizes[d] > 1 && reduced[d]) {
                first = first < 0 ? d : first;
                last = d;
            }
        }
        if (first < 0) {
            return Optional.empty();
        }
        long n = 1;
        for (int d = first; d <= last; d++) {
            if (sizes[d] > 1 && !reduced[d]) {
                return Optional.empty();
            }
            n = Math.multiplyExact(n, sizes[d]);
        }
        long inner = strides[last];
        long parts = parts(n, inner);
        return parts == 1 ? Optional.empty() : Optional.of(new SplitValueWalk(n / parts, parts, inner));
    }

    /** Whether every dimension of more than one element has the packed stride (one-element ones never move). */
    private static boolean packed(long[] sizes, long[] strides) {
        long packed = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            if (sizes[d] > 1 && strides[d] != packed) {
                return false;
            }
            packed = Math.multiplyExact(packed, sizes[d]);
        }
        return true;
    }
}

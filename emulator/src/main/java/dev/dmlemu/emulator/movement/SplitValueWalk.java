package dev.dmlemu.emulator.movement;

import java.util.Comparator;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Where DirectML's REDUCE MAX and MIN walk the reduced elements as interleaved parts (docs/directml-behaviour.md §16.7,
 * "Split walks"), measured on the real DLL. On a packed input whose reduced dimensions of more than one element are
 * adjacent (or one transposed so that only that reduced block moved), they read as one axis of {@code n} elements with
 * {@code inner} elements after it in memory; DirectML walks that axis
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
     * {@code strides}, when DirectML splits them; empty when the walk is whole or the rule was not measured for the
     * shape. The input must read, dimensions ordered by stride, as a packed one (no padding, no broadcast) whose kept
     * dimensions of more than one element keep their order among themselves, as the reduced ones do, and whose reduced
     * ones are adjacent: transposing only the reduced block elsewhere still splits, transposing kept dimensions apart
     * does not (measured).
     */
    static Optional<SplitValueWalk> of(long[] sizes, long[] strides, boolean[] reduced) {
        // Dimensions of more than one element, smallest stride first, as they lie in memory.
        int[] memory = IntStream.range(0, sizes.length).filter(d -> sizes[d] > 1).boxed()
                .sorted(Comparator.comparingLong(d -> strides[d])).mapToInt(Integer::intValue).toArray();
        long packed = 1;
        long n = 1;
        long inner = 1;
        int lastKept = Integer.MAX_VALUE;
        int lastReduced = Integer.MAX_VALUE;
        boolean keptAfterReduced = false;
        for (int d : memory) {
            if (strides[d] != packed) {
                return Optional.empty();
            }
            packed = Math.multiplyExact(packed, sizes[d]);
            if (reduced[d]) {
                if (d > lastReduced || keptAfterReduced) {
                    return Optional.empty();
                }
                lastReduced = d;
                n = Math.multiplyExact(n, sizes[d]);
            } else {
                if (d > lastKept) {
                    return Optional.empty();
                }
                lastKept = d;
                keptAfterReduced = n > 1;
                inner = n > 1 ? inner : Math.multiplyExact(inner, sizes[d]);
            }
        }
        if (n == 1) {
            return Optional.empty();
        }
        long parts = parts(n, inner);
        return parts == 1 ? Optional.empty() : Optional.of(new SplitValueWalk(n / parts, parts, inner));
    }
}

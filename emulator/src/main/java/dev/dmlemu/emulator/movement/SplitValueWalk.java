package dev.dmlemu.emulator.movement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Where DirectML's REDUCE MAX and MIN walk the reduced elements as interleaved parts (docs/directml-behaviour.md §16.7,
 * "Split walks"), measured on the real DLL. On a packed input whose reduced dimensions of more than one element are
 * adjacent in memory, they read as one axis of {@code n} elements with {@code inner} elements after it in memory;
 * DirectML walks that axis
 * as {@link #parts} parts of {@link #partLength} elements, element {@code k * partLength + q} with {@code q} outer and
 * {@code k} inner. When the reduced dimensions form two blocks apart in memory (kept ones between them), the outer
 * block is that axis, its {@code inner} the elements after it, and the inner block is walked whole between {@code q}
 * and {@code k} ({@link #betweenLength} elements of stride {@link #betweenStride}). It decides only which of equal
 * elements (-0.0 and +0.0) is written, and only onto an output packed over its dimensions of more than one element
 * ({@link Shapes#packedAlongEveryDimension}): with gaps between the output's elements (strides twice the packed ones,
 * or a kept stride of 2 or 3 where 1 is packed) or its kept dimensions transposed, it walked whole, largest stride
 * first (measured); the strides of one-element dimensions did not matter. Other layouts and shapes past the measured sizes keep the largest-stride-first walk
 * ({@link ValueWalkOrder}) or DirectML's tree ({@link TreeValueWalk}).
 *
 * @param partLength the elements of one part, {@code n / parts}
 * @param parts the number of parts, at least 2 for one block (a power of two), at least 1 for two
 * @param stride the axis's element stride, {@code inner}
 * @param betweenLength the elements of the inner block walked between the position in a part and the part (1: none)
 * @param betweenStride the inner block's element stride
 */
record SplitValueWalk(long partLength, long parts, long stride, long betweenLength, long betweenStride) {

    /** The most parts measured: axes of 128 elements and more split into 64. */
    static final long MOST_PARTS = 64;
    /** The largest {@code n * inner} measured to split by this rule; 32,768 (inner 32 and 64) was no walk at all. */
    static final long LARGEST_MEASURED = 18_432;
    /** With fewer elements than this after the axis, a part's elements times {@code inner} reach at least as many. */
    private static final long LEAST_PART_TIMES_INNER = 8;
    /** From this many elements after the axis on, parts have no least length, but axes up to 96 stay whole. */
    private static final long WIDE_INNER = 8;
    private static final long LONGEST_WHOLE_WIDE_AXIS = 96;

    /** One reduced block: no inner block between the position in a part and the part. */
    SplitValueWalk(long partLength, long parts, long stride) {
        this(partLength, parts, stride, 1, 0);
    }

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
     * {@code strides}, when DirectML splits them; empty when the walk is the largest-stride-first one or the rule was
     * not measured for the shape. The input must read, dimensions ordered by stride, as a packed one (no padding, no
     * broadcast) whose kept dimensions of more than one element keep their order among themselves (transposing kept
     * dimensions apart walks whole, measured). Its reduced ones then form one block, read in memory order whatever
     * their order among themselves, or two blocks apart ({@link #apart}).
     */
    static Optional<SplitValueWalk> of(long[] sizes, long[] strides, boolean[] reduced) {
        // Dimensions of more than one element, smallest stride first, as they lie in memory.
        int[] memory = IntStream.range(0, sizes.length).filter(d -> sizes[d] > 1).boxed()
                .sorted(Comparator.comparingLong(d -> strides[d])).mapToInt(Integer::intValue).toArray();
        long packed = 1;
        int lastKept = Integer.MAX_VALUE;
        // The reduced blocks, innermost first, each its dimensions innermost first.
        List<List<Integer>> blocks = new ArrayList<>();
        boolean inBlock = false;
        for (int d : memory) {
            if (strides[d] != packed) {
                return Optional.empty();
            }
            packed = Math.multiplyExact(packed, sizes[d]);
            if (reduced[d]) {
                if (!inBlock) {
                    blocks.add(new ArrayList<>());
                    inBlock = true;
                }
                blocks.get(blocks.size() - 1).add(d);
            } else {
                if (d > lastKept) {
                    return Optional.empty();
                }
                lastKept = d;
                inBlock = false;
            }
        }
        if (blocks.size() == 2) {
            return apart(sizes, strides, blocks.get(1), blocks.get(0));
        }
        if (blocks.size() != 1) {
            return Optional.empty();
        }
        List<Integer> block = blocks.get(0);
        long n = product(sizes, block);
        long inner = strides[block.get(0)];
        long parts = parts(n, inner);
        return parts == 1 ? Optional.empty() : Optional.of(new SplitValueWalk(n / parts, parts, inner));
    }

    /**
     * Two reduced blocks apart in a packed input, {@code outer} (of {@code a} elements, {@code inner} after it in
     * memory) and {@code inside} (of {@code c}), each its dimensions innermost first and read in memory order. With
     * fewer than 8 elements after it, or 8 or more and more than 96 elements, the outer block splits into
     * {@link #parts(long, long)} parts, the inner block walked whole between the position in a part and the part
     * (with one part: the outer block outer, the inner block inner); with 8 or more and at most 96 elements, the inner
     * block is walked outer and the outer block inner, as parts of one element.
     */
    private static Optional<SplitValueWalk> apart(long[] sizes, long[] strides, List<Integer> outer,
            List<Integer> inside) {
        long a = product(sizes, outer);
        long inner = strides[outer.get(0)];
        long c = product(sizes, inside);
        long betweenStride = strides[inside.get(0)];
        if (a > LARGEST_MEASURED / inner) {
            return Optional.empty();
        }
        long parts = inner >= WIDE_INNER && a <= LONGEST_WHOLE_WIDE_AXIS ? a : parts(a, inner);
        return parts == 1 ? Optional.empty() : Optional.of(new SplitValueWalk(a / parts, parts, inner, c,
                betweenStride));
    }

    private static long product(long[] sizes, List<Integer> dims) {
        long n = 1;
        for (int d : dims) {
            n = Math.multiplyExact(n, sizes[d]);
        }
        return n;
    }
}

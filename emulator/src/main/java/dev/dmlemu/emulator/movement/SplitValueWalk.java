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
 * DirectML walks that axis as {@link #parts} parts of {@link #partLength} elements, element {@code k * partLength + q}
 * with {@code q} outer and {@code k} inner. When the reduced dimensions form two blocks apart in memory (kept ones
 * between them), the outer block is that axis, its {@code inner} the elements after it, and the inner block is walked
 * whole between {@code q} and {@code k} ({@link #betweenLength} elements of stride {@link #betweenStride}). It decides
 * only which of equal elements (-0.0 and +0.0) is written, and only onto an output packed over its dimensions of more
 * than one element ({@link Shapes#packedAlongEveryDimension}): with gaps between the output's elements (strides twice
 * the packed ones, or a kept stride of 2 or 3 where 1 is packed) or its kept dimensions transposed, it walked whole,
 * largest stride first (measured); the strides of one-element dimensions did not matter. From {@code n * inner} of
 * 32,768 on, one block is first cut into {@link #chunks} consecutive chunks, walked one after the other, each split as
 * above ({@link #chunks(long, long)}), and so is the outer of two blocks; with 512 elements or more after it, one block
 * is walked whole. Other layouts and shapes past the measured
 * sizes keep the largest-stride-first walk ({@link ValueWalkOrder}); an innermost block of 2,048 elements or more, and
 * inputs of five or more runs, reduce as DirectML's tree ({@link TreeValueWalk}).
 *
 * @param chunks the consecutive chunks of the axis (of two blocks, the outer one), walked outermost (a power of two)
 * @param partLength the elements of one part, {@code n / chunks / parts}
 * @param parts the number of parts, at least 2 for one block (a power of two), at least 1 for two
 * @param stride the axis's element stride, {@code inner}
 * @param betweenLength the elements of the inner block walked between the position in a part and the part (1: none)
 * @param betweenStride the inner block's element stride
 */
record SplitValueWalk(long chunks, long partLength, long parts, long stride, long betweenLength,
        long betweenStride) {

    /** The most parts measured: axes of 128 elements and more split into 64. */
    static final long MOST_PARTS = 64;
    /** The largest {@code n * inner} (of two blocks, of the outer one) measured to split by these rules. */
    static final long LARGEST_MEASURED = 1_048_576;
    /** The most reduced elements of two blocks apart measured to split so; 131,072 did not. */
    static final long LARGEST_MEASURED_APART = 98_304;
    /**
     * From this many elements after it on, one block is walked whole (measured to {@code n * inner} of 1,048,576);
     * two blocks apart with more than 96 elements in the outer one were not modelled.
     */
    private static final long WHOLE_FROM_INNER = 512;
    /** Each chunk of an axis cut into chunks holds at least this many elements times {@code inner}. */
    private static final long LEAST_CHUNK_TIMES_INNER = 16_384;
    /** With fewer elements than this after the axis, a part's elements times {@code inner} reach at least as many. */
    private static final long LEAST_PART_TIMES_INNER = 8;
    /** From this many elements after the axis on, parts have no least length, but axes up to 96 stay whole. */
    private static final long WIDE_INNER = 8;
    private static final long LONGEST_WHOLE_WIDE_AXIS = 96;

    /** One reduced block in one chunk: no inner block between the position in a part and the part. */
    SplitValueWalk(long partLength, long parts, long stride) {
        this(1, partLength, parts, stride, 1, 0);
    }

    /** One chunk. */
    SplitValueWalk(long partLength, long parts, long stride, long betweenLength, long betweenStride) {
        this(1, partLength, parts, stride, betweenLength, betweenStride);
    }

    /** The element stride from one chunk to the next. */
    long chunkStride() {
        return Math.multiplyExact(Math.multiplyExact(partLength, parts), stride);
    }

    /**
     * How many chunks DirectML cuts an axis of {@code n} elements with {@code inner} elements after it into: the
     * largest power of two {@code c} with {@code n * inner >= 16,384 * c} and {@code n} a multiple of {@code 64 * c}.
     */
    static long chunks(long n, long inner) {
        long chunks = 1;
        while (n % (MOST_PARTS * chunks * 2) == 0 && n * inner >= LEAST_CHUNK_TIMES_INNER * chunks * 2) {
            chunks *= 2;
        }
        return chunks;
    }

    /**
     * How many parts DirectML walks an axis of {@code n} elements with {@code inner} elements after it in (1: whole).
     * An innermost axis is walked whole; with 2 to 7 elements after it, the largest power of two dividing {@code n},
     * at most 64, that leaves parts whose elements, times {@code inner}, are at least 8; with 8 or more, axes of up to
     * 96 elements whole and longer ones in the largest power of two dividing {@code n}, at most 64. Of an axis cut
     * into chunks, {@code n} is a chunk's.
     */
    static long parts(long n, long inner) {
        if (inner <= 1) {
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
        Optional<List<List<Integer>>> found = blocks(sizes, strides, reduced);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        List<List<Integer>> blocks = found.get();
        if (blocks.size() == 2) {
            return apart(sizes, strides, blocks.get(1), blocks.get(0));
        }
        if (blocks.size() != 1) {
            return Optional.empty();
        }
        List<Integer> block = blocks.get(0);
        long n = product(sizes, block);
        long inner = strides[block.get(0)];
        if (inner <= 1 || inner >= WHOLE_FROM_INNER || n > LARGEST_MEASURED / inner) {
            return Optional.empty();
        }
        long chunks = chunks(n, inner);
        long parts = parts(n / chunks, inner);
        return parts == 1 ? Optional.empty()
                : Optional.of(new SplitValueWalk(chunks, n / chunks / parts, parts, inner, 1, 0));
    }

    /**
     * The elements of the one reduced block of an input that reads as {@link #of} requires, when that block is
     * innermost in memory; 0 otherwise.
     */
    static long innermostBlock(long[] sizes, long[] strides, boolean[] reduced) {
        Optional<List<List<Integer>>> blocks = blocks(sizes, strides, reduced);
        if (blocks.isEmpty() || blocks.get().size() != 1 || strides[blocks.get().get(0).get(0)] != 1) {
            return 0;
        }
        return product(sizes, blocks.get().get(0));
    }

    /**
     * The reduced blocks of an input packed in some order of its dimensions of more than one element, its kept ones
     * in their own order, innermost first, each its dimensions innermost first; empty for any other input.
     */
    private static Optional<List<List<Integer>>> blocks(long[] sizes, long[] strides, boolean[] reduced) {
        // Dimensions of more than one element, smallest stride first, as they lie in memory.
        int[] memory = IntStream.range(0, sizes.length).filter(d -> sizes[d] > 1).boxed()
                .sorted(Comparator.comparingLong(d -> strides[d])).mapToInt(Integer::intValue).toArray();
        long packed = 1;
        int lastKept = Integer.MAX_VALUE;
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
        return Optional.of(blocks);
    }

    /**
     * Two reduced blocks apart in a packed input, {@code outer} (of {@code a} elements, {@code inner} after it in
     * memory) and {@code inside} (of {@code c}), each its dimensions innermost first and read in memory order. The
     * outer block is cut into {@link #chunks(long, long)} chunks as one block is; with fewer than 8 elements after it,
     * or 8 or more and more than 96 elements in a chunk, each chunk splits into {@link #parts(long, long)} parts, the inner block walked whole between the position in a part and the part
     * (with one part: the outer block outer, the inner block inner); with 8 or more and at most 96 elements, the inner
     * block is walked outer and the outer block inner, as parts of one element.
     */
    private static Optional<SplitValueWalk> apart(long[] sizes, long[] strides, List<Integer> outer,
            List<Integer> inside) {
        long a = product(sizes, outer);
        long inner = strides[outer.get(0)];
        long c = product(sizes, inside);
        long betweenStride = strides[inside.get(0)];
        if (a > LARGEST_MEASURED / inner || a > LARGEST_MEASURED_APART / c
                || inner >= WHOLE_FROM_INNER && a > LONGEST_WHOLE_WIDE_AXIS) {
            return Optional.empty();
        }
        long chunks = chunks(a, inner);
        long chunk = a / chunks;
        long parts = inner >= WIDE_INNER && chunk <= LONGEST_WHOLE_WIDE_AXIS ? chunk : parts(chunk, inner);
        return parts == 1 ? Optional.empty() : Optional.of(new SplitValueWalk(chunks, chunk / parts, parts, inner, c,
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

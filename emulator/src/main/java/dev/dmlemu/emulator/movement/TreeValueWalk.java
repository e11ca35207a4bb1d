package dev.dmlemu.emulator.movement;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where DirectML's REDUCE MAX and MIN reduce as a tree rather than a walk (docs/directml-behaviour.md §16.7, "Tree
 * reductions"), measured on the real DLL. When the input's dimensions of more than one element form five or more runs
 * in memory ({@link #runs}), or, onto a packed output, a packed input's one reduced block lies innermost in memory and
 * holds 2,048 elements or more ({@link SplitValueWalk#innermostBlock}), the reduced elements, numbered row-major over the reduced dimensions taken from the
 * largest stride to the smallest ({@link ValueWalkOrder}), are reduced in groups of 4,096 consecutive numbers: 512
 * threads, thread {@code t} taking the group's elements {@code t}, {@code t + 512}, ... in turn (the first of equal
 * ones kept), then meeting pairwise as in a tree over 512 (of two equal partials, the one whose thread number, its
 * bits reversed, is smaller wins). The groups' results, numbered in order, are reduced the same way. So of two equal
 * elements the winner is decided by the highest base-4,096 digit in which their numbers differ. That is the last of
 * equal elements in the walk listed by {@link #offsets}, which the kernel walks like any other.
 */
final class TreeValueWalk {

    /**
     * The most reduced elements listed as a tree: 1,024 groups, whose results form one group. Measured up to
     * 4,505,600 (1,100 groups); a larger count would list more than 32 MiB of offsets.
     */
    static final long LARGEST_LISTED = 1L << 22;
    /** Numbers per group, threads per group, and the bits of a thread number. */
    private static final int GROUP = 4_096;
    private static final int THREADS = 512;
    private static final int THREAD_BITS = 9;
    /** From this many runs on, DirectML reduces as a tree. */
    static final int LEAST_RUNS = 5;
    /** From this many elements on, an innermost reduced block reduces as a tree (2,047 walked whole). */
    static final long LEAST_INNERMOST = 2_048;

    private TreeValueWalk() {}

    /**
     * The runs of an input of {@code sizes} and element {@code strides} reduced onto an output of element strides
     * {@code outStrides}: its dimensions of more than one element from the largest input stride to the smallest
     * (equal strides in dimension order), a run going on while the next dimension is of the same kind (kept or
     * reduced), its input stride times its size is the previous one's, and, for kept ones, so is its output stride
     * times its size (so packed neighbours count once).
     */
    static int runs(long[] sizes, long[] strides, boolean[] reduced, long[] outStrides) {
        List<Integer> dims = new ArrayList<>();
        for (int d = 0; d < sizes.length; d++) {
            if (sizes[d] > 1) {
                dims.add(d);
            }
        }
        int runs = 0;
        int previous = -1;
        for (int d : ValueWalkOrder.largestStrideFirst(dims, strides)) {
            boolean goesOn = previous >= 0 && reduced[previous] == reduced[d]
                    && strides[previous] == strides[d] * sizes[d]
                    && (reduced[d] || outStrides[previous] == outStrides[d] * sizes[d]);
            if (!goesOn) {
                runs++;
            }
            previous = d;
        }
        return runs;
    }

    /**
     * The element offsets of the reduced elements in the order of a walk whose last equal element is the tree's
     * winner, when DirectML reduces the input as a tree of at most {@link #LARGEST_LISTED} elements; empty otherwise.
     * {@code packedOutput}: whether the output is packed over its dimensions of more than one element.
     */
    static Optional<long[]> offsets(long[] sizes, long[] strides, boolean[] reduced, long[] outStrides,
            boolean packedOutput) {
        boolean tree = runs(sizes, strides, reduced, outStrides) >= LEAST_RUNS
                || packedOutput && SplitValueWalk.innermostBlock(sizes, strides, reduced) >= LEAST_INNERMOST;
        if (!tree) {
            return Optional.empty();
        }
        List<Integer> walk = new ArrayList<>();
        long count = 1;
        for (int d = 0; d < sizes.length; d++) {
            if (reduced[d]) {
                walk.add(d);
                count = Math.multiplyExact(count, sizes[d]);
            }
        }
        if (count < 2 || count > LARGEST_LISTED) {
            return Optional.empty();
        }
        walk = ValueWalkOrder.largestStrideFirst(walk, strides);
        long weight = 1;
        while (weight * GROUP < count) {
            weight *= GROUP;
        }
        Listing listing = new Listing(count, walk, sizes, strides);
        listing.list(0, weight);
        return Optional.of(listing.offsets);
    }

    /** The offsets in tree order, filled from the last to win to the first. */
    private static final class Listing {
        private static final int[] DIGIT_OF_RANK = digitsByRank();
        private final long count;
        private final List<Integer> walk;
        private final long[] sizes;
        private final long[] strides;
        private final long[] offsets;
        private int next;

        Listing(long count, List<Integer> walk, long[] sizes, long[] strides) {
            this.count = count;
            this.walk = walk;
            this.sizes = sizes;
            this.strides = strides;
            this.offsets = new long[(int) count];
        }

        /** The numbers {@code base} plus a digit times {@code weight} plus lower digits, worst rank first. */
        void list(long base, long weight) {
            for (int rank = GROUP - 1; rank >= 0; rank--) {
                long number = base + DIGIT_OF_RANK[rank] * weight;
                if (number >= count) {
                    continue;
                }
                if (weight == 1) {
                    offsets[next++] = offset(number, walk, sizes, strides);
                } else {
                    list(number, weight / GROUP);
                }
            }
        }
    }

    /**
     * Each rank of a digit within its group (0 wins every tie) to the digit: thread {@code digit % 512} ranked by its
     * reversed bits, then its turn {@code digit / 512}.
     */
    private static int[] digitsByRank() {
        int[] digits = new int[GROUP];
        for (int digit = 0; digit < GROUP; digit++) {
            int thread = digit % THREADS;
            int rank = (Integer.reverse(thread) >>> (32 - THREAD_BITS)) * (GROUP / THREADS) + digit / THREADS;
            digits[rank] = digit;
        }
        return digits;
    }

    /** The element offset of reduced element {@code number}, row-major over {@code walk}. */
    private static long offset(long number, List<Integer> walk, long[] sizes, long[] strides) {
        long offset = 0;
        long rest = number;
        for (int i = walk.size() - 1; i >= 0; i--) {
            int d = walk.get(i);
            offset += rest % sizes[d] * strides[d];
            rest /= sizes[d];
        }
        return offset;
    }
}

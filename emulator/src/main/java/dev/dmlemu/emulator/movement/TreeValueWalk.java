package dev.dmlemu.emulator.movement;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where DirectML's REDUCE MAX and MIN reduce as a tree rather than a walk (docs/directml-behaviour.md §16.7, "Tree
 * reductions"), measured on the real DLL. When the input's dimensions of more than one element form five or more runs
 * in memory ({@link #runs}), the reduced elements, numbered row-major over the reduced dimensions taken from the
 * largest stride to the smallest ({@link ValueWalkOrder}), meet pairwise as in a tree over the next power of two: of
 * two equal elements, the one whose number, its bits reversed, is smaller wins. That is the last of equal elements in
 * the walk listed by {@link #offsets}, which the kernel walks like any other. Measured up to 1,024 reduced elements;
 * past that the order is another, not modelled.
 */
final class TreeValueWalk {

    /** The most reduced elements measured to follow the tree; 2,048 did not. */
    static final long LARGEST_MEASURED = 1_024;
    /** From this many runs on, DirectML reduces as a tree. */
    static final int LEAST_RUNS = 5;

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
     * winner, when DirectML reduces the input as a tree and the count was measured; empty otherwise.
     */
    static Optional<long[]> offsets(long[] sizes, long[] strides, boolean[] reduced, long[] outStrides) {
        if (runs(sizes, strides, reduced, outStrides) < LEAST_RUNS) {
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
        if (count < 2 || count > LARGEST_MEASURED) {
            return Optional.empty();
        }
        walk = ValueWalkOrder.largestStrideFirst(walk, strides);
        int bits = 64 - Long.numberOfLeadingZeros(count - 1);
        long[] offsets = new long[(int) count];
        int next = 0;
        // Numbers in decreasing order of their reversed bits: the tree's winner among equal elements comes last.
        for (long r = (1L << bits) - 1; r >= 0; r--) {
            long number = Long.reverse(r) >>> (64 - bits);
            if (number < count) {
                long offset = 0;
                long rest = number;
                for (int i = walk.size() - 1; i >= 0; i--) {
                    int d = walk.get(i);
                    offset += rest % sizes[d] * strides[d];
                    rest /= sizes[d];
                }
                offsets[next++] = offset;
            }
        }
        return Optional.of(offsets);
    }
}

package dev.dmlemu.emulator.movement;

import java.util.ArrayList;
import java.util.List;

/**
 * Where DirectML's REDUCE MAX and MIN reduce as a tree rather than a walk (docs/directml-behaviour.md §16.7, "Tree
 * reductions"), measured on the real DLL. When the input's dimensions of more than one element form five or more runs
 * in memory ({@link #runs}), or, onto a packed output, a packed input's one reduced block lies innermost in memory and
 * holds 2,048 elements or more ({@link SplitValueWalk#innermostBlock}), the reduced elements, numbered row-major over
 * the reduced dimensions taken from the largest stride to the smallest ({@link ValueWalkOrder}, the kernel's walk),
 * are reduced in groups of 4,096 consecutive numbers: 512 threads, thread {@code t} taking the group's elements
 * {@code t}, {@code t + 512}, ... in turn (the first of equal ones kept), then meeting pairwise as in a tree over 512
 * (of two equal partials, the one whose thread number, its bits reversed, is smaller wins). The groups' results,
 * numbered in order, are reduced the same way. So of two equal elements the one of smaller {@link #rank} wins: the
 * kernel walks as it always does and settles ties by rank, keeping nothing per element.
 */
final class TreeValueWalk {

    /** From this many runs on, DirectML reduces as a tree. */
    static final int LEAST_RUNS = 5;
    /** From this many elements on, an innermost reduced block reduces as a tree (2,047 walked whole). */
    static final long LEAST_INNERMOST = 2_048;
    /** Numbers per group, threads per group, and the bits of a thread number. */
    private static final int GROUP = 4_096;
    private static final int THREADS = 512;
    private static final int THREAD_BITS = 9;

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
     * Whether DirectML reduces the input as a tree: five or more runs, or, onto an output packed over its dimensions
     * of more than one element ({@code packedOutput}), an innermost reduced block of {@link #LEAST_INNERMOST} or more.
     */
    static boolean reducesAsTree(long[] sizes, long[] strides, boolean[] reduced, long[] outStrides,
            boolean packedOutput) {
        return runs(sizes, strides, reduced, outStrides) >= LEAST_RUNS
                || packedOutput && SplitValueWalk.innermostBlock(sizes, strides, reduced) >= LEAST_INNERMOST;
    }

    /**
     * The tree rank of reduced element {@code number} (0 wins every tie): its base-4,096 digits from the highest, each
     * ranked by its thread {@code digit % 512}, bits reversed, then its turn {@code digit / 512}. Measured through the
     * second stage (4,505,600 elements); a third, past 16,777,216, is [inferred].
     */
    static long rank(long number) {
        long rank = 0;
        for (long rest = number, weight = 1; rest > 0; rest /= GROUP, weight *= GROUP) {
            int digit = (int) (rest % GROUP);
            int thread = digit % THREADS;
            rank += ((Integer.reverse(thread) >>> (32 - THREAD_BITS)) * (long) (GROUP / THREADS) + digit / THREADS)
                    * weight;
        }
        return rank;
    }
}

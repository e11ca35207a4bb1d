package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The runs that make DirectML reduce REDUCE MAX and MIN as a tree, and the order it settles ties in, as measured
 * (docs/directml-behaviour.md §16.7).
 */
class TreeValueWalkTest {

    @Test
    void runsGoOnOverPackedNeighboursInMemory() {
        // Packed [2, 2, 2, 2, 2]: along 0, 2 and 4 five runs, along 0 and 2 four (the last two kept ones are one).
        assertEquals(5, runs(sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 2, 1),
                reduced(true, false, true, false, true)));
        assertEquals(4, runs(sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 2, 1),
                reduced(true, false, true, false, false)));
        // Reduced dimensions swapped in memory are one run ([2, 2, 2, 2, 2] with strides 8 16 4 2 1 along 0, 1, 3).
        assertEquals(4, runs(sizes(2, 2, 2, 2, 2), sizes(8, 16, 4, 2, 1),
                reduced(true, true, false, true, false)));
        // Kept ones swapped are not: [2, 3, 2, 3, 2] with strides 3 24 12 1 6 along 0 and 1, and [2, 2, 2, 2, 2]
        // with strides 16 8 4 1 2 along 1.
        assertEquals(5, runs(sizes(2, 3, 2, 3, 2), sizes(3, 24, 12, 1, 6),
                reduced(true, true, false, false, false)));
        assertEquals(5, runs(sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 1, 2),
                reduced(false, true, false, false, false)));
        // Kept neighbours in memory are one run even with a reduced dimension between them in dimension order: [3, 3,
        // 2, 3, 3] with strides 74 24 3 8 1 along 2 (four runs, walked); with 74 24 3 9 1, five.
        assertEquals(4, runs(sizes(3, 3, 2, 3, 3), sizes(74, 24, 3, 8, 1),
                reduced(false, false, true, false, false)));
        assertEquals(5, runs(sizes(3, 3, 2, 3, 3), sizes(74, 24, 3, 9, 1),
                reduced(false, false, true, false, false)));
        // One-element dimensions do not count.
        assertEquals(3, runs(sizes(2, 1, 2, 2, 2), sizes(8, 8, 4, 2, 1),
                reduced(true, false, true, false, true)));
    }

    @Test
    void theWalkEndsWithTheElementWhoseReversedNumberIsSmallest() {
        // Packed [2, 2, 2, 2, 2] along 0, 2 and 4 (the DLL's walk, element offsets): 21 5 17 1 20 4 16 0.
        assertArrayEquals(sizes(21, 5, 17, 1, 20, 4, 16, 0), offsets(sizes(2, 2, 2, 2, 2),
                sizes(16, 8, 4, 2, 1), reduced(true, false, true, false, true)).orElseThrow());
        // [2, 3, 2, 3, 2] with strides 3 24 12 1 6 along 0 and 1, numbered by stride (dimension 1 outer): the
        // DLL's walk (1, 1), (1, 2), (1, 0), (0, 1), (0, 2), (0, 0).
        assertArrayEquals(sizes(27, 51, 3, 24, 48, 0), offsets(sizes(2, 3, 2, 3, 2),
                sizes(3, 24, 12, 1, 6), reduced(true, true, false, false, false)).orElseThrow());
        // Three elements (a tree over four): 1, 2, 0.
        assertArrayEquals(sizes(1, 2, 0), offsets(sizes(1, 2, 3, 2, 3, 3, 1, 1),
                sizes(54, 54, 1, 9, 18, 3, 0, 18), reduced(false, false, true, false, false, false, false, false))
                .orElseThrow());
    }

    @Test
    void pastOneThousandAndTwentyFourElementsThreadsTakeTurnsAndGroupsOf4096MeetAsATree() {
        // Packed [2, n, 2, 2, 2] along 1 and 3: element number 2 * d1 + d3 sits at offset 8 * d1 + 2 * d3.
        long[] walk2048 = offsets(sizes(2, 1024, 2, 2, 2), sizes(8192, 8, 4, 2, 1),
                reduced(false, true, false, true, false)).orElseThrow();
        assertEquals(2048, walk2048.length);
        // Thread 511's turns 511, 1,023, 1,535, 2,047 come last, the first winning: 2,047 walked first of them.
        assertArrayEquals(sizes(offset(2047), offset(1535), offset(1023), offset(511)),
                java.util.Arrays.copyOfRange(walk2048, 0, 4));
        // Thread 0's turns end the walk: 1,536, 1,024, 512, 0.
        assertArrayEquals(sizes(offset(1536), offset(1024), offset(512), offset(0)),
                java.util.Arrays.copyOfRange(walk2048, 2044, 2048));
        // 100,000 elements, 25 groups: of 0 to 24, group 15's 5 bits reversed are the largest, so it is walked
        // first, from its thread 511's last turn; the walk ends with group 0's thread 0, turns 1 and 0.
        long[] walk = offsets(sizes(2, 50000, 2, 2, 2), sizes(400000, 8, 4, 2, 1),
                reduced(false, true, false, true, false)).orElseThrow();
        assertEquals(100_000, walk.length);
        assertEquals(offset(15 * 4096 + 4095), walk[0]);
        assertEquals(offset(0), walk[walk.length - 1]);
        assertEquals(offset(512), walk[walk.length - 2]);
        // Each element once.
        assertEquals(100_000, java.util.Arrays.stream(walk).distinct().count());
    }

    @Test
    void anInnermostBlockOf2048ElementsOrMoreIsATreeOntoAPackedOutput() {
        // [16, 2048] along 1: a tree; [16, 2047] walked whole; [4, 64, 64] along 1 and 2 a tree.
        assertEquals(2048, offsets(sizes(16, 2048), sizes(2048, 1), reduced(false, true)).orElseThrow().length);
        assertTrue(offsets(sizes(16, 2047), sizes(2047, 1), reduced(false, true)).isEmpty());
        long[] walk = offsets(sizes(4, 64, 64), sizes(4096, 64, 1), reduced(false, true, true)).orElseThrow();
        assertEquals(0, walk[walk.length - 1]);
        assertEquals(512, walk[walk.length - 2]);
        // Onto an output with gaps it is not.
        assertFalse(TreeValueWalk.reducesAsTree(sizes(16, 2048), sizes(2048, 1), reduced(false, true), sizes(2, 1),
                false));
    }

    @Test
    void fewerRunsAreNoTreeAndRanksGoOnPastTheFirstStage() {
        assertTrue(offsets(sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 2, 1),
                reduced(true, false, true, false, false)).isEmpty());
        // Measured at 4,505,600 elements (1,100 groups): group 513 wins over group 1,025 (thread 1's turns 1 and 2),
        // where a tree over the groups would pick 1,025.
        assertTrue(TreeValueWalk.rank(513L * 4096) < TreeValueWalk.rank(1025L * 4096));
        assertTrue(TreeValueWalk.rank(1000L * 4096) < TreeValueWalk.rank(600L * 4096));
        assertTrue(TreeValueWalk.rank(0) < TreeValueWalk.rank(1));
    }

    @Test
    void keptDimensionsGoOnOnlyWhereTheOutputDoesToo() {
        // MIN over a broadcast [3, 1, 1, 3, 2, 2, 3, 1] with strides 0 0 0 0 0 0 3 1 along 6 and 3: in memory 3 | 3,
        // 0 | 0 (reduced) | 2, 0 2, 0: four runs onto a packed output, five onto output strides 2 1 2 0 1 6 1 1.
        long[] sizes = sizes(3, 1, 1, 3, 2, 2, 3, 1);
        long[] strides = sizes(0, 0, 0, 0, 0, 0, 3, 1);
        boolean[] reduced = reduced(false, false, false, true, false, false, true, false);
        assertEquals(4, runs(sizes, strides, reduced));
        assertEquals(5, TreeValueWalk.runs(sizes, strides, reduced, sizes(2, 1, 2, 0, 1, 6, 1, 1)));
    }

    /** The runs onto a packed output. */
    private static int runs(long[] sizes, long[] strides, boolean[] reduced) {
        return TreeValueWalk.runs(sizes, strides, reduced, packedOutput(sizes, reduced));
    }

    /**
     * The element offsets of the reduced elements from the last to win a tie to the first (the order the DLL's pair
     * probes give), when DirectML reduces as a tree onto a packed output: numbers row-major over the reduced
     * dimensions largest stride first, by decreasing {@link TreeValueWalk#rank}; empty when it walks.
     */
    private static java.util.Optional<long[]> offsets(long[] sizes, long[] strides, boolean[] reduced) {
        if (!TreeValueWalk.reducesAsTree(sizes, strides, reduced, packedOutput(sizes, reduced), true)) {
            return java.util.Optional.empty();
        }
        java.util.List<Integer> walk = new java.util.ArrayList<>();
        for (int d = 0; d < sizes.length; d++) {
            if (reduced[d]) {
                walk.add(d);
            }
        }
        walk.sort(java.util.Comparator.comparingLong((Integer d) -> strides[d]).reversed());
        long count = 1;
        for (int d : walk) {
            count *= sizes[d];
        }
        return java.util.Optional.of(java.util.stream.LongStream.range(0, count).boxed()
                .sorted(java.util.Comparator.comparingLong(TreeValueWalk::rank).reversed())
                .mapToLong(number -> {
                    long offset = 0;
                    long rest = number;
                    for (int i = walk.size() - 1; i >= 0; i--) {
                        offset += rest % sizes[walk.get(i)] * strides[walk.get(i)];
                        rest /= sizes[walk.get(i)];
                    }
                    return offset;
                }).toArray());
    }

    /** Element number {@code number}'s offset in a packed [2, n, 2, 2, 2] reduced along 1 and 3. */
    private static long offset(long number) {
        return number / 2 * 8 + number % 2 * 2;
    }

    private static long[] packedOutput(long[] sizes, boolean[] reduced) {
        long[] strides = new long[sizes.length];
        long stride = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            strides[d] = stride;
            stride *= reduced[d] ? 1 : sizes[d];
        }
        return strides;
    }

    private static long[] sizes(long... values) {
        return values;
    }

    private static boolean[] reduced(boolean... values) {
        return values;
    }
}

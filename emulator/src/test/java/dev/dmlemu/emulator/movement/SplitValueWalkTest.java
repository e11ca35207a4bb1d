package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The parts DirectML's REDUCE MAX and MIN walk a packed axis or two packed blocks in, as measured
 * (docs/directml-behaviour.md §16.7).
 */
class SplitValueWalkTest {

    private static final long[] AXES = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 32, 48, 64};

    @Test
    void partsFollowTheMeasuredTable() {
        // One row per inner: the DLL's parts for each axis length of AXES.
        assertParts(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        assertParts(2, 1, 1, 1, 1, 1, 1, 2, 1, 2, 1, 2, 1, 2, 1, 4, 4, 4, 8, 8, 16);
        assertParts(3, 1, 1, 1, 1, 2, 1, 2, 1, 2, 1, 4, 1, 2, 1, 4, 4, 8, 8, 16, 16);
        for (long inner = 4; inner <= 7; inner++) {
            assertParts(inner, 1, 1, 2, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 8, 4, 8, 16, 16, 32);
        }
        for (long inner : new long[] {8, 9, 12, 16, 24, 32, 64}) {
            assertParts(inner, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        }
    }

    @Test
    void longAxesSplitIntoAtMost64PartsAndWideOnesOnlyPast96() {
        assertEquals(64, SplitValueWalk.parts(1024, 2));
        assertEquals(64, SplitValueWalk.parts(256, 4));
        assertEquals(32, SplitValueWalk.parts(128, 2));
        assertEquals(1, SplitValueWalk.parts(96, 8));
        assertEquals(2, SplitValueWalk.parts(98, 8));
        assertEquals(4, SplitValueWalk.parts(100, 24));
        assertEquals(16, SplitValueWalk.parts(112, 8));
        assertEquals(32, SplitValueWalk.parts(160, 8));
        assertEquals(64, SplitValueWalk.parts(256, 64));
        assertEquals(64, SplitValueWalk.parts(768, 24));
        // An innermost axis is whole (up to 2,047; from 2,048 a tree).
        assertEquals(1, SplitValueWalk.parts(1024, 1));
    }

    @Test
    void fromNTimesInner32768OnAnAxisIsCutIntoChunksOfAtLeast64PartsEach() {
        // Measured: [o, n, inner] along 1 (chunks, n, inner).
        assertEquals(2, SplitValueWalk.chunks(1024, 32));
        assertEquals(2, SplitValueWalk.chunks(256, 128));
        assertEquals(2, SplitValueWalk.chunks(768, 64));
        assertEquals(2, SplitValueWalk.chunks(1024, 40));
        assertEquals(2, SplitValueWalk.chunks(640, 64));
        assertEquals(2, SplitValueWalk.chunks(6144, 6));
        assertEquals(8, SplitValueWalk.chunks(4096, 32));
        assertEquals(8, SplitValueWalk.chunks(3072, 64));
        assertEquals(64, SplitValueWalk.chunks(65536, 16));
        // 1,152 * 64 would allow 4 by size, but 1,152 is no multiple of 256; 1,000 and 1,366 no multiple of 128.
        assertEquals(2, SplitValueWalk.chunks(1152, 64));
        assertEquals(1, SplitValueWalk.chunks(1000, 64));
        assertEquals(1, SplitValueWalk.chunks(1366, 24));
        // Below 32,768 one chunk: [128, 255] splits in 64 parts, [128, 256] is two whole chunks of 64.
        assertEquals(1, SplitValueWalk.chunks(128, 255));
        assertEquals(Optional.of(new SplitValueWalk(2, 64, 255)), SplitValueWalk.of(sizes(4, 128, 255),
                sizes(32640, 255, 1), reduced(false, true, false)));
        assertEquals(Optional.empty(), SplitValueWalk.of(sizes(4, 128, 256), sizes(32768, 256, 1),
                reduced(false, true, false)));
        // [2, 256, 128] along 1: two chunks of 128, each 64 parts of 2: walked chunk, position, part.
        SplitValueWalk split = SplitValueWalk.of(sizes(2, 256, 128), sizes(32768, 128, 1),
                reduced(false, true, false)).orElseThrow();
        assertEquals(new SplitValueWalk(2, 2, 64, 128, 1, 0), split);
        ReducedSpace space = ReducedSpace.splitting(split, 4, sizes(2, 1, 128), sizes(131072, 0, 4),
                sizes(512, 0, 4));
        assertArrayEquals(sizes(2, 2, 64), space.reducedSizes());
        assertArrayEquals(sizes(65536, 512, 1024), space.inputReduced());
    }

    @Test
    void with512ElementsOrMoreAfterItOneBlockIsWalkedWhole() {
        // Measured: [200, 512], [160, 512], [384, 512], [576, 512], [2048, 512], [1024, 600] whole; [160, 511] in 32
        // parts.
        assertEquals(Optional.empty(), SplitValueWalk.of(sizes(2, 200, 512), sizes(102400, 512, 1),
                reduced(false, true, false)));
        assertEquals(Optional.empty(), SplitValueWalk.of(sizes(2, 384, 512), sizes(196608, 512, 1),
                reduced(false, true, false)));
        assertEquals(Optional.of(new SplitValueWalk(5, 32, 511)), SplitValueWalk.of(sizes(2, 160, 511),
                sizes(81760, 511, 1), reduced(false, true, false)));
    }

    @Test
    void theOuterOfTwoBlocksIsCutIntoChunksToo() {
        // Measured, [a, k, c] along 0 and 2: [1024, 4, 8] two chunks of 512 in 64 parts; [512, 8, 16] four of 128;
        // [128, 64, 4] two chunks of 64, each in parts of one element.
        assertEquals(Optional.of(new SplitValueWalk(2, 8, 64, 32, 8, 1)), SplitValueWalk.of(sizes(1024, 4, 8),
                sizes(32, 8, 1), reduced(true, false, true)));
        assertEquals(Optional.of(new SplitValueWalk(4, 2, 64, 128, 16, 1)), SplitValueWalk.of(sizes(512, 8, 16),
                sizes(128, 16, 1), reduced(true, false, true)));
        assertEquals(Optional.of(new SplitValueWalk(2, 1, 64, 256, 4, 1)), SplitValueWalk.of(sizes(128, 64, 4),
                sizes(256, 4, 1), reduced(true, false, true)));
    }

    @Test
    void anInnermostBlockIsFoundOnlyInAPackedInput() {
        assertEquals(4096, SplitValueWalk.innermostBlock(sizes(4, 64, 64), sizes(4096, 64, 1),
                reduced(false, true, true)));
        // Transposed, the reduced axis innermost in memory: a block of 64 (the DLL reduced [4, 2048, 4] with strides
        // 8192 1 2048 along 1 as a tree).
        assertEquals(64, SplitValueWalk.innermostBlock(sizes(4, 64, 64), sizes(4096, 1, 64),
                reduced(false, true, false)));
        // A middle axis is not innermost.
        assertEquals(0, SplitValueWalk.innermostBlock(sizes(4, 64, 64), sizes(4096, 64, 1),
                reduced(false, true, false)));
        assertEquals(0, SplitValueWalk.innermostBlock(sizes(4, 64, 64), sizes(8192, 65, 1),
                reduced(false, true, true)));
    }

    @Test
    void adjacentReducedDimensionsOfAPackedInputSplitAsOneAxis() {
        // [2, 4, 2, 4] along 1 and 2: one axis of 8 with 4 inside, 4 parts of 2.
        assertEquals(Optional.of(new SplitValueWalk(2, 4, 4)), SplitValueWalk.of(sizes(2, 4, 2, 4),
                sizes(32, 8, 4, 1), reduced(false, true, true, false)));
        // One-element dimensions between them and their strides do not count.
        assertEquals(Optional.of(new SplitValueWalk(2, 4, 4)), SplitValueWalk.of(sizes(2, 4, 1, 2, 4),
                sizes(32, 8, 99, 4, 1), reduced(false, true, false, true, false)));
    }

    @Test
    void aPackedInputWithOnlyItsReducedBlockTransposedSplitsAsInMemory() {
        // [2, 8] with strides 1 2 along 1: in memory [8, 2], 2 parts of 4.
        assertEquals(Optional.of(new SplitValueWalk(4, 2, 2)), SplitValueWalk.of(sizes(2, 8), sizes(1, 2),
                reduced(false, true)));
        // [8, 4, 4] with strides 4 32 1 along 0: in memory [4, 8, 4], 4 parts of 2.
        assertEquals(Optional.of(new SplitValueWalk(2, 4, 4)), SplitValueWalk.of(sizes(8, 4, 4), sizes(4, 32, 1),
                reduced(true, false, false)));
        // [4, 2, 2, 8] with strides 32 2 1 4 along 3: in memory [4, 8, 2, 2], inner 4.
        assertEquals(Optional.of(new SplitValueWalk(2, 4, 4)), SplitValueWalk.of(sizes(4, 2, 2, 8),
                sizes(32, 2, 1, 4), reduced(false, false, false, true)));
        // [2, 4, 4, 2] with strides 8 2 16 1 along 0 and 1: in memory [4, 8, 2], 2 parts of 4.
        assertEquals(Optional.of(new SplitValueWalk(4, 2, 2)), SplitValueWalk.of(sizes(2, 4, 4, 2),
                sizes(8, 2, 16, 1), reduced(true, true, false, false)));
    }

    @Test
    void keptOrReducedDimensionsTransposedAmongThemselvesWalkWhole() {
        // Kept dimensions out of order, after the axis in memory and before it.
        assertTrue(SplitValueWalk.of(sizes(4, 8, 2, 2), sizes(32, 4, 1, 2), reduced(false, true, false, false))
                .isEmpty());
        assertTrue(SplitValueWalk.of(sizes(2, 8, 2), sizes(1, 4, 2), reduced(false, true, false)).isEmpty());
        assertTrue(SplitValueWalk.of(sizes(2, 2, 8, 2), sizes(16, 32, 2, 1), reduced(false, false, true, false))
                .isEmpty());
        // [4, 2, 4, 2] with strides 32 4 8 1 along 1 and 2: the swapped reduced dimensions leave a gap (padded).
        assertTrue(SplitValueWalk.of(sizes(4, 2, 4, 2), sizes(32, 4, 8, 1), reduced(false, true, true, false))
                .isEmpty());
    }

    @Test
    void reducedDimensionsSwappedInAPackedBlockSplitInMemoryOrder() {
        // [2, 5, 2, 2] with strides 4 8 1 2 along 0, 1 and 3: in memory one axis of 20 with 2 inside, 4 parts of 5.
        assertEquals(Optional.of(new SplitValueWalk(5, 4, 2)), SplitValueWalk.of(sizes(2, 5, 2, 2),
                sizes(4, 8, 1, 2), reduced(true, true, false, true)));
        // [3, 1, 5, 4, 2] with strides 1 6 6 30 3 along 2, 3 and 4: 40 with 3 inside, 8 parts of 5.
        assertEquals(Optional.of(new SplitValueWalk(5, 8, 3)), SplitValueWalk.of(sizes(3, 1, 5, 4, 2),
                sizes(1, 6, 6, 30, 3), reduced(false, false, true, true, true)));
    }

    @Test
    void twoReducedBlocksApartWalkTheInnerOneBetweenThePartsOfTheOuterOne() {
        // Packed [a, m, c] along 0 and 2, the outer block a with m * c after it (the DLL's walks).
        // Fewer than 8 after it: the outer block's parts (a % p outer, c, then a / p); one part is row-major.
        assertEquals(Optional.of(new SplitValueWalk(2, 4, 4, 2, 1)), SplitValueWalk.of(sizes(8, 2, 2),
                sizes(4, 2, 1), reduced(true, false, true)));
        assertEquals(Optional.of(new SplitValueWalk(3, 2, 4, 2, 1)), SplitValueWalk.of(sizes(6, 2, 2),
                sizes(4, 2, 1), reduced(true, false, true)));
        assertEquals(Optional.of(new SplitValueWalk(2, 64, 4, 2, 1)), SplitValueWalk.of(sizes(8, 128, 2, 2),
                sizes(512, 4, 2, 1), reduced(false, true, false, true)));
        assertTrue(SplitValueWalk.of(sizes(5, 2, 3), sizes(6, 3, 1), reduced(true, false, true)).isEmpty());
        assertTrue(SplitValueWalk.of(sizes(3, 2, 2), sizes(4, 2, 1), reduced(true, false, true)).isEmpty());
        assertTrue(SplitValueWalk.of(sizes(2, 3, 2), sizes(6, 2, 1), reduced(true, false, true)).isEmpty());
        // 8 or more after it: the inner block outer, the outer one inner (parts of one element).
        assertEquals(Optional.of(new SplitValueWalk(1, 3, 32, 4, 1)), SplitValueWalk.of(sizes(3, 8, 4),
                sizes(32, 4, 1), reduced(true, false, true)));
        assertEquals(Optional.of(new SplitValueWalk(1, 16, 8, 2, 1)), SplitValueWalk.of(sizes(16, 4, 2),
                sizes(8, 2, 1), reduced(true, false, true)));
        // A block of several dimensions: [2, 2, 2, 2, 2] along 0, 1, 2 and 4 is 8 with 4 after it, then 2.
        assertEquals(Optional.of(new SplitValueWalk(2, 4, 4, 2, 1)), SplitValueWalk.of(sizes(2, 2, 2, 2, 2),
                sizes(16, 8, 4, 2, 1), reduced(true, true, true, false, true)));
        // Transposed: [2, 2, 8] with strides 1 2 4 along 0 and 2 (the blocks swapped), [5, 1, 2, 4] with strides
        // 1 5 5 10 along 0, 1 and 3.
        assertEquals(Optional.of(new SplitValueWalk(2, 4, 4, 2, 1)), SplitValueWalk.of(sizes(2, 2, 8),
                sizes(1, 2, 4), reduced(true, false, true)));
        assertEquals(Optional.of(new SplitValueWalk(1, 4, 10, 5, 1)), SplitValueWalk.of(sizes(5, 1, 2, 4),
                sizes(1, 5, 5, 10), reduced(true, true, false, true)));
        // Past 96 elements with 8 or more after it, the outer block's one-axis parts ([16, n, 2, 4] along 1 and 3):
        // 4 of 25 for 100, 64 of 2 for 128, and one (row-major) for 97.
        assertEquals(Optional.of(new SplitValueWalk(25, 4, 8, 4, 1)), SplitValueWalk.of(sizes(100, 2, 4),
                sizes(8, 4, 1), reduced(true, false, true)));
        assertEquals(Optional.of(new SplitValueWalk(2, 64, 8, 4, 1)), SplitValueWalk.of(sizes(16, 128, 2, 4),
                sizes(1024, 8, 4, 1), reduced(false, true, false, true)));
        assertTrue(SplitValueWalk.of(sizes(97, 2, 4), sizes(8, 4, 1), reduced(true, false, true)).isEmpty());
        // Padded: the stride walk.
        assertTrue(SplitValueWalk.of(sizes(2, 2, 2, 2), sizes(40, 16, 8, 1), reduced(true, false, true, false))
                .isEmpty());
    }

    @Test
    void wholeWalksStridedInputsAndReducedDimensionsApartKeepTheStrideWalk() {
        assertTrue(SplitValueWalk.of(sizes(8, 1), sizes(1, 1), reduced(true, false)).isEmpty());
        assertTrue(SplitValueWalk.of(sizes(8, 2), sizes(1, 8), reduced(true, false)).isEmpty());
        assertTrue(SplitValueWalk.of(sizes(8, 2), sizes(4, 1), reduced(true, false)).isEmpty());
        assertTrue(SplitValueWalk.of(sizes(8, 2), sizes(0, 1), reduced(true, false)).isEmpty());
    }

    @Test
    void theSpaceWalksThePositionInAPartOuterAndThePartInner() {
        // [8, 2] along the 8, FLOAT32: 2 parts of 4, element k * 4 + q walked q outer: 0 4 1 5 2 6 3 7.
        SplitValueWalk split = SplitValueWalk.of(sizes(8, 2), sizes(2, 1), reduced(true, false)).orElseThrow();
        ReducedSpace space = ReducedSpace.splitting(split, 4, sizes(1, 2), sizes(0, 4), sizes(8, 4));
        assertArrayEquals(sizes(4, 2), space.reducedSizes());
        assertArrayEquals(sizes(8, 32), space.inputReduced());
    }

    @Test
    void onlyAnOutputPackedOverItsDimensionsOfMoreThanOneElementSplits() {
        assertTrue(Shapes.packedAlongEveryDimension(sizes(1, 2), sizes(2, 1)));
        // One-element dimensions' strides do not count (the DLL's answer did not change).
        assertTrue(Shapes.packedAlongEveryDimension(sizes(1, 1, 2, 1, 1), sizes(8, 2147483736L, 1, 7, 5)));
        // Gaps and transposed kept dimensions: the whole walk, measured with a kept stride of 2 and 3, with every
        // stride doubled, and with [2, 1, 2] of strides 1 2 2.
        assertFalse(Shapes.packedAlongEveryDimension(sizes(1, 1, 2, 1, 1), sizes(2, 2, 3, 1, 1)));
        assertFalse(Shapes.packedAlongEveryDimension(sizes(1, 2), sizes(4, 2)));
        assertFalse(Shapes.packedAlongEveryDimension(sizes(2, 1, 2), sizes(1, 2, 2)));
    }

    @Test
    void theSpaceOfTwoBlocksWalksThePositionInAPartTheInnerBlockAndThePart() {
        // [8, 2, 2] along 0 and 2, FLOAT32: a % 2 (stride 4) outer, c (stride 1), a / 2 (stride 8) inner.
        SplitValueWalk split = SplitValueWalk.of(sizes(8, 2, 2), sizes(4, 2, 1), reduced(true, false, true))
                .orElseThrow();
        ReducedSpace space = ReducedSpace.splitting(split, 4, sizes(1, 2, 1), sizes(0, 8, 0), sizes(0, 4, 0));
        assertArrayEquals(sizes(2, 2, 4), space.reducedSizes());
        assertArrayEquals(sizes(16, 4, 32), space.inputReduced());
    }

    private static void assertParts(long inner, long... parts) {
        for (int i = 0; i < AXES.length; i++) {
            assertEquals(parts[i], SplitValueWalk.parts(AXES[i], inner), "n " + AXES[i] + ", inner " + inner);
        }
    }

    private static long[] sizes(long... values) {
        return values;
    }

    private static boolean[] reduced(boolean... values) {
        return values;
    }
}

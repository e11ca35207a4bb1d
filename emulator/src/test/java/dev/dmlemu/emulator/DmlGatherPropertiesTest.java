package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.testkit.GatherCase;
import dev.dmlemu.testkit.GatherCaseOptions;
import dev.dmlemu.testkit.GatherCases;
import dev.dmlemu.testkit.NaiveGather;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * DML_GATHER on the emulator against the kit's {@link NaiveGather} on the kit's random cases ({@link GatherCases}:
 * ranks 1-8, every axis and IndexDimensions, every type, strided, broadcast and padded tensors, in-range, negative
 * and out-of-range indices, and the DirectML heap-bug shapes too), under every index policy, compared byte for byte
 * over the whole output buffer ({@link ReferenceComparison}). Larger shapes reach the slice, row, tile and
 * thread-split paths.
 */
class DmlGatherPropertiesTest {

    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
    private static final GatherCaseOptions EVERY_SHAPE =
            GatherCaseOptions.defaults().with(GatherCaseOptions.HeapBugShapes.INCLUDED);
    private static final GatherCases SMALL = new GatherCases(EVERY_SHAPE);
    private static final GatherCases ROWS = new GatherCases(EVERY_SHAPE.withShapes(400, 12));
    private static final GatherCases LARGE = new GatherCases(EVERY_SHAPE.withShapes(3_000, 40));
    private static final GatherCases PADDED =
            new GatherCases(EVERY_SHAPE.with(GatherCaseOptions.PaddingRows.SOMETIMES_MORE));

    @AfterContainer
    static void shutDown() {
        POOL.shutdown();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 1500)
    void matchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherCase c = SMALL.generate(seed);
        check(c, policy, Kernels.prepare(c.desc(), policy, Parallelism.ONE_THREAD, KernelTuning.DEFAULT));
    }

    /**
     * IndexDimensions 0 with Output.Sizes[0] above 1 (unchecked by DirectML), under DirectML's own policy, the only
     * one that answers reads past the input; at every DimensionCount, so both padding steps (§10.5) are reached.
     */
    @Property(tries = 600)
    void paddingRowsMatchTheNaiveReference(@ForAll("seeds") long seed) {
        GatherCase c = PADDED.generate(seed);
        check(c, IndexPolicy.DIRECTML,
                Kernels.prepare(c.desc(), IndexPolicy.DIRECTML, Parallelism.ONE_THREAD, KernelTuning.DEFAULT));
    }

    /** Split across three threads; chunk borders fall mid-row. */
    @Property(tries = 200)
    void splitAcrossThreadsMatchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherCase c = LARGE.generate(seed);
        check(c, policy, Kernels.prepare(c.desc(), policy, Kernels.threeThreads(POOL), KernelTuning.DEFAULT));
    }

    /**
     * The tiled order (tiles of 1 to 4 elements), each tile gathered from a copy of its input lines or read in place,
     * and rows copied before gathering from the shortest, single-threaded and split across three threads.
     */
    @Property(tries = 600)
    void tiledAndCopiedOrdersMatchTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherCase c = ROWS.generate(seed);
        long tile = 1 + (seed >>> 4) % 4;
        boolean split = (seed & 2) == 0;
        long tileCopyMax = (seed & 8) == 0 ? GatherKernel.TILE_COPY_MAX : 0;
        check(c, policy, Kernels.prepare(c.desc(), policy, split ? Kernels.threeThreads(POOL) : Parallelism.ONE_THREAD,
                KernelTuning.DEFAULT.withForcedTile(tile).withTileCopyMax(tileCopyMax).withRowCopyMin(1)));
    }

    /**
     * The slice order for every element size (1, 2, 4, 8 bytes) and index width, aimed at directly: seeds are drawn
     * until each pairing has run 25 cases whose plan copies whole slices, among them at least 3 with an out-of-range
     * index (whose rows walk element by element).
     */
    @Example
    void slicesOfEveryElementSizeMatchTheNaiveReference() {
        Map<String, int[]> reached = new TreeMap<>();
        SplittableRandom seeds = new SplittableRandom(0x511CE);
        IndexPolicy[] policies = IndexPolicy.values();
        for (int attempt = 0; attempt < 200_000 && !(reached.size() == 8
                && reached.values().stream().allMatch(n -> n[0] >= 25 && n[1] >= 3)); attempt++) {
            long seed = seeds.nextLong();
            GatherCase c = LARGE.generate(seed);
            String pairing = "E" + c.dataType().sizeInBytes() + "/I" + c.indexType().sizeInBytes();
            int[] counts = reached.computeIfAbsent(pairing, p -> new int[2]);
            if (counts[0] >= 25 && counts[1] >= 3) {
                continue;
            }
            IndexPolicy policy = policies[(int) Math.floorMod(seed, (long) policies.length)];
            boolean split = (seed & 8) == 0;
            GatherExecution execution = Kernels.prepare(c.desc(), policy,
                    split ? Kernels.threeThreads(POOL) : Parallelism.ONE_THREAD, KernelTuning.DEFAULT);
            if (!execution.sliced()) {
                continue;
            }
            check(c, policy, execution);
            counts[0]++;
            if (c.hasOutOfRangeIndex()) {
                counts[1]++;
            }
        }
        assertEquals(8, reached.size(), "pairings reached: " + reached.keySet());
        reached.forEach((pairing, n) -> assertTrue(n[0] >= 25 && n[1] >= 3,
                pairing + ": " + n[0] + " cases, " + n[1] + " out of range"));
    }

    private static void check(GatherCase c, IndexPolicy policy, GatherExecution execution) {
        NaiveGather.Outcome outcome = NaiveGather.run(c, ReferenceComparison.model(policy));
        ReferenceComparison.check(c, outcome.output(), outcome.refusal(), policy, execution, null);
    }
}

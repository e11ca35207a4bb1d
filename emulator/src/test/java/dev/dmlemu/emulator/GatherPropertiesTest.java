package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.execution.Bindings;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.GatherElementsCase;
import dev.dmlemu.testkit.GatherElementsCases;
import dev.dmlemu.testkit.NaiveGatherElements;
import dev.dmlemu.testkit.OutOfRangeModel;
import dev.dmlemu.testkit.TensorBytes;
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
 * The emulator against the kit's {@link NaiveGatherElements} on the kit's random cases ({@link GatherElementsCases},
 * with all it draws: every type, rank, stride kind, index value, offset and slack), under every index policy: the
 * whole output buffer must match byte for byte, which covers the addressed elements and every byte the output
 * strides do not address (pre-filled with random bytes, which both leave alone). Under STRICT both must refuse
 * the same first coordinate and value, and the output must be untouched. Larger shapes reach the row, tile and
 * thread-split loops.
 */
class GatherPropertiesTest {

    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
    private static final GatherElementsCases SMALL = new GatherElementsCases(CaseOptions.defaults());
    private static final GatherElementsCases ROWS = new GatherElementsCases(CaseOptions.defaults().withShapes(400, 6));
    private static final GatherElementsCases LARGE =
            new GatherElementsCases(CaseOptions.defaults().withShapes(2_000, 12));

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
        GatherElementsCase c = SMALL.generate(seed);
        check(c, policy, Kernels.prepare(c.desc(), Kernels.semanticsOf(c.indexType()), policy, Parallelism.ONE_THREAD,
                KernelTuning.DEFAULT));
    }

    /**
     * The contiguous-row loops with every input row copied first (row-major order, rows of any length), on one
     * thread or split across three, and the same execution run twice with one {@link Bindings} instance (its views
     * are reused) after the input and the pre-filled output change.
     */
    @Property(tries = 600)
    void copiedRowsMatchTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherElementsCase c = ROWS.generate(seed);
        boolean split = (seed & 2) == 0;
        GatherExecution execution = Kernels.prepare(c.desc(), Kernels.semanticsOf(c.indexType()), policy,
                split ? Kernels.threeThreads(POOL) : Parallelism.ONE_THREAD,
                KernelTuning.DEFAULT.withRowCopyMin(1));
        Bindings bindings = check(c, policy, execution, null);
        check(withDataReversed(c), policy, execution, bindings);
    }

    /**
     * The copied-row loops of every element size (1, 2, 4, 8 bytes) and index width, aimed at directly: seeds are
     * drawn until each pairing has run at least 30 cases whose plan takes that path, under every policy, split
     * across threads or not.
     */
    @Example
    void copiedRowsOfEveryElementSizeMatchTheNaiveReference() {
        java.util.Map<String, Integer> reached = new java.util.TreeMap<>();
        java.util.SplittableRandom seeds = new java.util.SplittableRandom(0x5EED);
        IndexPolicy[] policies = IndexPolicy.values();
        int wanted = 4 * 2 * 30;
        for (int attempt = 0; attempt < 200_000 && reached.values().stream().mapToInt(n -> Math.min(n, 30)).sum()
                < wanted; attempt++) {
            long seed = seeds.nextLong();
            GatherElementsCase c = ROWS.generate(seed);
            String pairing = "E" + c.dataType().sizeInBytes() + "/I" + c.indexType().sizeInBytes();
            if (reached.getOrDefault(pairing, 0) >= 30) {
                continue;
            }
            IndexPolicy policy = policies[(int) Math.floorMod(seed, (long) policies.length)];
            boolean split = (seed & 8) == 0;
            GatherExecution execution = Kernels.prepare(c.desc(), Kernels.semanticsOf(c.indexType()), policy,
                    split ? Kernels.threeThreads(POOL) : Parallelism.ONE_THREAD,
                    KernelTuning.DEFAULT.withRowCopyMin(1));
            if (!execution.rowsBulk()) {
                continue;
            }
            check(c, policy, execution, null);
            reached.merge(pairing, 1, Integer::sum);
        }
        assertEquals(8, reached.size(), "pairings reached: " + reached);
        reached.forEach((pairing, n) -> assertEquals(30, n, pairing + " cases"));
    }

    /**
     * The tiled order (tiles of 1 to 4 elements), each tile gathered from a copy of its input lines or read in place,
     * single-threaded and split across three threads.
     */
    @Property(tries = 600)
    void tiledOrderMatchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherElementsCase c = ROWS.generate(seed);
        long tile = 1 + (seed >>> 4) % 4;
        boolean split = (seed & 2) == 0;
        long tileCopyMax = (seed & 8) == 0 ? GatherKernel.TILE_COPY_MAX : 0;
        check(c, policy, Kernels.prepare(c.desc(), Kernels.semanticsOf(c.indexType()), policy,
                split ? Kernels.threeThreads(POOL) : Parallelism.ONE_THREAD,
                KernelTuning.DEFAULT.withForcedTile(tile).withTileCopyMax(tileCopyMax)));
    }

    /**
     * The tiled order through a copy of each tile, for every element size (1, 2, 4, 8 bytes) and index width, aimed
     * at directly: seeds are drawn until each pairing has run at least 40 cases whose plan takes that path (under
     * every policy, in tiles of 1 to 4 elements, split across threads or not), among them at least 3 with each
     * feature the copy handles apart: an out-of-range index, a size-1 input axis, an innermost input stride other
     * than one element (padded or zero: the copy goes element by element), a broadcast (zero-stride) input
     * dimension, non-contiguous indices or output (the loop with steps), and contiguous ones (the typed-view loops).
     */
    @Example
    void copiedTilesOfEveryElementSizeMatchTheNaiveReference() {
        String[] features = {"cases", "out of range", "size-1 axis", "strided input line", "broadcast input",
            "strided indices or output", "contiguous indices and output"};
        java.util.Map<String, int[]> reached = new java.util.TreeMap<>();
        java.util.SplittableRandom seeds = new java.util.SplittableRandom(0x711ED);
        IndexPolicy[] policies = IndexPolicy.values();
        int wantedCases = 40;
        int wantedPerFeature = 3;
        java.util.function.Predicate<int[]> done = n -> n[0] >= wantedCases
                && java.util.Arrays.stream(n, 1, n.length).allMatch(k -> k >= wantedPerFeature);
        for (int attempt = 0; attempt < 200_000
                && !(reached.size() == 8 && reached.values().stream().allMatch(done)); attempt++) {
            long seed = seeds.nextLong();
            GatherElementsCase c = ROWS.generate(seed);
            String pairing = "E" + c.dataType().sizeInBytes() + "/I" + c.indexType().sizeInBytes();
            int[] counts = reached.computeIfAbsent(pairing, p -> new int[features.length]);
            if (done.test(counts)) {
                continue;
            }
            IndexPolicy policy = policies[(int) Math.floorMod(seed, (long) policies.length)];
            boolean split = (seed & 8) == 0;
            long tile = 1 + (seed >>> 4) % 4;
            GatherExecution execution = Kernels.prepare(c.desc(), Kernels.semanticsOf(c.indexType()), policy,
                    split ? Kernels.threeThreads(POOL) : Parallelism.ONE_THREAD,
                    KernelTuning.DEFAULT.withForcedTile(tile));
            if (!execution.tilesBulk()) {
                continue;
            }
            check(c, policy, execution, null);
            counts[0]++;
            // The features, read off the case and its plan (they only classify; the reference decides correctness).
            GatherPlan plan = execution.plan();
            int last = plan.sizes.length - 1;
            if (NaiveGatherElements.run(c, OutOfRangeModel.STRICT).refusal().isPresent()) {
                counts[1]++;
            }
            if (c.axisSize() == 1) {
                counts[2]++;
            }
            if (plan.inputStrides[last] != plan.elementSize) {
                counts[3]++;
            }
            for (int d = 0; d < c.rank(); d++) {
                if (d != c.axis() && c.inputTensor().sizes().get(d) > 1
                        && c.inputTensor().effectiveStrides().get(d) == 0) {
                    counts[4]++;
                    break;
                }
            }
            if (plan.indicesStrides[last] != plan.indexSize || plan.outputStrides[last] != plan.elementSize) {
                counts[5]++;
            } else {
                counts[6]++;
            }
        }
        assertEquals(8, reached.size(), "pairings reached: " + reached.keySet());
        reached.forEach((pairing, counts) -> {
            for (int f = 0; f < features.length; f++) {
                int n = counts[f];
                org.junit.jupiter.api.Assertions.assertTrue(n >= (f == 0 ? wantedCases : wantedPerFeature),
                        pairing + " " + features[f] + ": " + n);
            }
        });
    }

    /** Split across three threads; chunk borders fall mid-row. */
    @Property(tries = 40)
    void splitAcrossThreadsMatchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherElementsCase c = LARGE.generate(seed);
        check(c, policy, Kernels.prepare(c.desc(), Kernels.semanticsOf(c.indexType()), policy,
                Kernels.threeThreads(POOL), KernelTuning.DEFAULT));
    }

    private static void check(GatherElementsCase c, IndexPolicy policy, GatherExecution execution) {
        check(c, policy, execution, null);
    }

    /**
     * Runs the case and compares it with the reference ({@link ReferenceComparison}); with {@code reuse}, the
     * case's bytes go into the buffers of those bindings instead of fresh ones.
     *
     * @return the bindings executed
     */
    private static Bindings check(GatherElementsCase c, IndexPolicy policy, GatherExecution execution,
            Bindings reuse) {
        NaiveGatherElements.Outcome outcome = NaiveGatherElements.run(c, ReferenceComparison.model(policy));
        return ReferenceComparison.check(c, outcome.output(), outcome.refusal(), policy, execution, reuse);
    }

    /** The same case (shape, indices, buffer layout) with the input bytes and the initial output bytes reversed. */
    private static GatherElementsCase withDataReversed(GatherElementsCase c) {
        return new GatherElementsCase(c.seed(), c.desc(), new TensorBytes(reversed(c.input().bytes()),
                c.input().offset()), c.indices(), new TensorBytes(reversed(c.output().bytes()), c.output().offset()));
    }

    private static byte[] reversed(byte[] bytes) {
        byte[] copy = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            copy[i] = bytes[bytes.length - 1 - i];
        }
        return copy;
    }
}

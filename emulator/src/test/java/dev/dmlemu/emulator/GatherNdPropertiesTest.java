package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.GatherNdCase;
import dev.dmlemu.testkit.GatherNdCaseOptions;
import dev.dmlemu.testkit.GatherNdCaseOptions.BatchSizes;
import dev.dmlemu.testkit.GatherNdCases;
import dev.dmlemu.testkit.NaiveGatherNd;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.function.Predicate;
import java.util.concurrent.Executors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * DML_GATHER_ND and GATHER_ND1 on the emulator against the kit's {@link NaiveGatherNd} on the kit's random cases
 * ({@link GatherNdCases}: both operators, ranks 1-8, every count, batch count and tuple length, every type, strided,
 * broadcast and padded tensors, in-range, negative and out-of-range indices, batch sizes that differ), under every
 * index policy, compared byte for byte over the whole output buffer ({@link ReferenceComparison}).
 */
class GatherNdPropertiesTest {

    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
    private static final GatherNdCases SMALL = new GatherNdCases(GatherNdCaseOptions.defaults());
    private static final GatherNdCases BATCHES_PAST_INPUT =
            new GatherNdCases(GatherNdCaseOptions.defaults().with(BatchSizes.SOMETIMES_DIFFERENT));
    private static final GatherNdCases LARGE =
            new GatherNdCases(GatherNdCaseOptions.defaults().withShapes(3_000, 40));
    private static final GatherNdCases PACKED_LONG_TUPLES = new GatherNdCases(GatherNdCaseOptions.defaults()
            .withIndexTypes(List.of(TensorDataType.INT64, TensorDataType.UINT64)).with(Layout.PACKED)
            .withShapes(3_000, 40));
    private static final GatherNdCases PACKED_LONG_TUPLES_SHORT_ROWS = new GatherNdCases(GatherNdCaseOptions.defaults()
            .withOperators(List.of(OperatorType.GATHER_ND1))
            .withIndexTypes(List.of(TensorDataType.INT64, TensorDataType.UINT64)).with(Layout.PACKED)
            .withShapes(1_000, 8));

    @AfterContainer
    static void shutDown() {
        POOL.shutdown();
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 2000)
    void matchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherNdCase c = SMALL.generate(seed);
        check(c, policy, Kernels.prepareNd(c.desc(), policy, Parallelism.ONE_THREAD));
    }

    /**
     * Indices batch sizes above the input's (GATHER_ND1), under DirectML's own policy, the only one that answers
     * reads past the input (docs/directml-behaviour.md §11.4).
     */
    @Property(tries = 600)
    void batchesPastTheInputMatchTheNaiveReference(@ForAll("seeds") long seed) {
        GatherNdCase c = BATCHES_PAST_INPUT.generate(seed);
        check(c, IndexPolicy.DIRECTML, Kernels.prepareNd(c.desc(), IndexPolicy.DIRECTML, Parallelism.ONE_THREAD));
    }

    /** Larger shapes, split across three threads; chunk borders fall between tuples. */
    @Property(tries = 300)
    void splitAcrossThreadsMatchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        GatherNdCase c = LARGE.generate(seed);
        check(c, policy, Kernels.prepareNd(c.desc(), policy, Kernels.threeThreads(POOL)));
    }

    /**
     * Packed 64-bit indices whose tuples of one or two coordinates select one-run slices, bound to heap buffers: the
     * cases that take {@link PackedLongTuples}' path, tuples out of range and negative ones among them, split across
     * three threads. Most random cases have strided slices, 32-bit indices or direct buffers, which take the general
     * loop; each try takes the first of the cases drawn from its seed that takes the path.
     */
    @Property(tries = 300)
    void packedLongTuplesMatchTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        checkFirstPacked(PACKED_LONG_TUPLES, seed, policy, plan -> true);
    }

    /**
     * The same path over short rows of tuples (GATHER_ND1's batches): a batch steps through several rows, and one with
     * a tuple out of range after a step is resolved again from its first tuple. About one case in a hundred.
     */
    @Property(tries = 300)
    void packedLongTuplesOverSeveralRowsMatchTheNaiveReference(@ForAll("seeds") long seed,
            @ForAll IndexPolicy policy) {
        checkFirstPacked(PACKED_LONG_TUPLES_SHORT_ROWS, seed, policy, plan -> plan.walkSizes.length > 1
                && plan.walkSizes[plan.walkSizes.length - 1] < plan.tupleCount);
    }

    private static void checkFirstPacked(GatherNdCases cases, long seed, IndexPolicy policy,
            Predicate<GatherNdPlan> walk) {
        // Candidate seeds drawn, not counted up: the buffer style's java.util.Random gives neighbouring seeds alike.
        SplittableRandom candidates = new SplittableRandom(seed);
        for (int k = 0; k < 5_000; k++) {
            GatherNdCase c = cases.generate(candidates.nextLong());
            GatherNdExecution execution = Kernels.prepareNd(c.desc(), policy, Kernels.threeThreads(POOL));
            GatherNdPlan plan = execution.plan();
            if (plan.packedLongTuples != null && plan.slice.oneRun() && ReferenceComparison.heapBuffers(c.seed())
                    && walk.test(plan)) {
                check(c, policy, execution);
                return;
            }
        }
        throw new AssertionError("none of 5,000 cases drawn from seed " + seed + " takes the packed path");
    }

    private static void check(GatherNdCase c, IndexPolicy policy, GatherNdExecution execution) {
        NaiveGatherNd.Outcome outcome = NaiveGatherNd.run(c, ReferenceComparison.model(policy));
        ReferenceComparison.check(c, outcome.output(), outcome.refusal(), policy, execution, null);
    }
}

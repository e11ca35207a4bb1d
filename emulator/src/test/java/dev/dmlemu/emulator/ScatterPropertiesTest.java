package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.NaiveScatter;
import dev.dmlemu.testkit.ScatterCase;
import dev.dmlemu.testkit.ScatterCases;
import dev.dmlemu.testkit.ScatterCases.Kind;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * SCATTER_ELEMENTS and SCATTER_ND on the emulator against the kit's {@link NaiveScatter} on the kit's random cases
 * ({@link ScatterCases}: ranks 1-8, every axis and dimension count, every type, strided, broadcast and padded tensors,
 * duplicate, negative and out-of-range indices), under every index policy: the whole output array byte for byte, the
 * refusal under STRICT, and the count of duplicate writes reported to the listener. A SCATTER_ELEMENTS split into
 * output regions over a pool gives the one-thread output and report.
 */
class ScatterPropertiesTest {

    /** Three workers, so that the calling thread and two pool threads each own a region. */
    private static final Parallelism THREE_REGIONS = new Parallelism(3, Executors.newFixedThreadPool(2, task -> {
        Thread thread = new Thread(task, "scatter-regions-test");
        thread.setDaemon(true);
        return thread;
    }), 0);
    /** Outputs of up to 800 elements: several 64-element regions. */
    private static final ScatterCases ELEMENTS_LARGER = new ScatterCases(Kind.ELEMENTS,
            CaseOptions.defaults().withShapes(800, 40));

    private static final ScatterCases ELEMENTS = new ScatterCases(Kind.ELEMENTS, CaseOptions.defaults());
    private static final ScatterCases ND = new ScatterCases(Kind.ND, CaseOptions.defaults());
    private static final ScatterCases ND_LARGER = new ScatterCases(Kind.ND, CaseOptions.defaults().withShapes(800,
            10));

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 1000)
    void scatterElementsMatchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        check(ELEMENTS.generate(seed), policy);
    }

    @Property(tries = 1000)
    void scatterNdMatchesTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        check(ND.generate(seed), policy);
    }

    /** Longer slices: bulk rows and strided rows through the slice writer. */
    @Property(tries = 300)
    void longerSlicesMatchTheNaiveReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        check(ND_LARGER.generate(seed), policy);
    }

    @Property(tries = 400)
    void scatterElementsInRegionsGivesTheOneThreadResult(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        ScatterCase c = ELEMENTS_LARGER.generate(seed);
        List<DuplicateWrites> oneThread = check(c, policy, Parallelism.ONE_THREAD);
        List<DuplicateWrites> regions = check(c, policy, THREE_REGIONS);
        assertEquals(oneThread, regions, c.toString());
    }

    private static void check(ScatterCase c, IndexPolicy policy) {
        check(c, policy, Parallelism.ONE_THREAD);
    }

    /** Checks the execution against the naive reference and returns what it reported. */
    private static List<DuplicateWrites> check(ScatterCase c, IndexPolicy policy, Parallelism parallelism) {
        NaiveScatter.Outcome expected = NaiveScatter.run(c.desc(), ReferenceComparison.model(policy), c.input(),
                c.indices(), c.updates(), c.output());
        List<DuplicateWrites> reports = new ArrayList<>();
        ScatterExecution execution = ScatterKernelsTest.execution(c.desc(), policy, reports::add, parallelism);
        byte[] output = c.output().bytes().clone();
        Bindings bindings = Bindings.of(binding(c.input(), c.tensor(0)), binding(c.indices(), c.tensor(1)),
                binding(c.updates(), c.tensor(2)), binding(new TensorBytes(output, c.output().offset()),
                        c.tensor(3)));
        if (expected.refusal().isPresent()) {
            IndexOutOfRangeException e = assertInstanceOf(IndexOutOfRangeException.class,
                    org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfRangeException.class,
                            () -> execution.execute(bindings)), c.toString());
            assertEquals(expected.refusal().get().updateCoordinate(), e.outputCoordinate(), c.toString());
            assertEquals(expected.refusal().get().value(), e.indexValue(), c.toString());
        } else {
            execution.execute(bindings);
            assertEquals(expected.overwrites(), reports.stream().mapToLong(DuplicateWrites::overwrites).sum(),
                    c.toString());
        }
        assertArrayEquals(expected.output(), output, c.toString());
        return reports;
    }

    private static BufferBinding binding(TensorBytes tensor, BufferTensorDesc desc) {
        return new BufferBinding(ByteBuffer.wrap(tensor.bytes()), tensor.offset(), desc.totalTensorSizeInBytes());
    }
}

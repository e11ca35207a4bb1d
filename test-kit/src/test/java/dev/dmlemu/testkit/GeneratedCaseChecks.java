package dev.dmlemu.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.LongStream;

/** What the tests of every case generator check and count the same way, whichever operator the cases are for. */
final class GeneratedCaseChecks {

    private GeneratedCaseChecks() {}

    /** {@code count} seeds drawn from {@code seed}: each test of a generator walks the same ones. */
    static long[] seeds(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        return LongStream.generate(random::nextLong).limit(count).toArray();
    }

    /** The generator gives the same desc, bytes and text for a seed every time it is asked. */
    static void assertSeedGivesTheSameCase(CaseGenerator<? extends GatherFamilyCase> cases, long[] seeds) {
        for (long seed : seeds) {
            GatherFamilyCase a = cases.generate(seed);
            GatherFamilyCase b = cases.generate(seed);
            assertEquals(a.desc(), b.desc());
            assertArrayEquals(a.input().bytes(), b.input().bytes());
            assertArrayEquals(a.indices().bytes(), b.indices().bytes());
            assertArrayEquals(a.output().bytes(), b.output().bytes());
            assertEquals(a.toString(), b.toString());
        }
    }

    /** The generator's jqwik arbitrary gives, for 20 draws, the case {@code generate} gives for the drawn seed. */
    static void assertArbitraryGivesTheCaseOfEachSeed(CaseGenerator<? extends GatherFamilyCase> cases) {
        cases.arbitrary().sampleStream().limit(20).forEach(c -> assertEquals(cases.generate(c.seed()).desc(),
                c.desc()));
    }

    /**
     * The tensor rules of docs/directml-behaviour.md §5 and §6.3 a generator of a gather whose tensors all have the
     * case's rank could break: every tensor at the rank, a total at least the needed bytes rounded up to 4 (DirectML
     * refuses less), UINT32 strides, the output of the data type and not aliasing, and every tensor within its array.
     */
    static void assertTensorsValid(GatherFamilyCase c) {
        for (BufferTensorDesc t : List.of(c.inputTensor(), c.indicesTensor(), c.outputTensor())) {
            assertEquals(c.rank(), t.sizes().size(), c::toString);
            assertEquals(t.sizes().size(), t.dimensionCount(), c::toString);
            assertTrue(t.totalTensorSizeInBytes() >= BufferTensorMath.roundUpToMultipleOf4(
                    BufferTensorMath.calcBufferTensorSize(t.dataType(), t.sizes(), t.strides())), c::toString);
            t.strides().ifPresent(s -> s.forEach(x -> assertTrue(x >= 0 && x < (1L << 32), c::toString)));
        }
        assertEquals(c.dataType(), c.outputTensor().dataType(), c::toString);
        assertOutputDoesNotAlias(c.outputTensor(), c.rank(), c::toString);
        assertFits(c.input(), c.inputTensor(), c::toString);
        assertFits(c.indices(), c.indicesTensor(), c::toString);
        assertFits(c.output(), c.outputTensor(), c::toString);
    }

    /** Counts one more case showing {@code feature}. */
    static void note(Map<String, Integer> seen, String feature) {
        seen.merge(feature, 1, Integer::sum);
    }

    /** DirectML's aliasing check (§6.3 OUTPUT_ALIASING) over the output dimensions of size > 1. */
    static void assertOutputDoesNotAlias(BufferTensorDesc out, int rank, Supplier<String> describe) {
        List<Long> strides = out.effectiveStrides();
        Set<Long> seen = new HashSet<>();
        long product = 1;
        long last = 0;
        for (int d = 0; d < rank; d++) {
            long size = out.sizes().get(d);
            product *= size;
            last += (size - 1) * strides.get(d);
            if (size > 1) {
                assertTrue(strides.get(d) != 0 && seen.add(strides.get(d)), describe);
            }
        }
        assertTrue(last + 1 >= product, describe);
    }

    /** The tensor's TotalTensorSizeInBytes fit in its array after its offset. */
    static void assertFits(TensorBytes bytes, BufferTensorDesc tensor, Supplier<String> describe) {
        assertTrue(bytes.offset() + tensor.totalTensorSizeInBytes() <= bytes.bytes().length, describe);
    }
}

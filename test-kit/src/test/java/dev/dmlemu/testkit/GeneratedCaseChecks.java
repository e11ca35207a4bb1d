package dev.dmlemu.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
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

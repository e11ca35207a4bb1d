package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import java.util.Map;
import java.util.Random;

/** Reading and replacing the sizes of a probe's packed tensors, keeping their data types. */
final class ProbeSizes {

    private ProbeSizes() {}

    static long[] of(BufferTensorDesc tensor) {
        return tensor.sizes().stream().mapToLong(Long::longValue).toArray();
    }

    /** Gives each present tensor of {@code fields} the packed {@code sizes}. */
    static void put(Map<String, Object> values, long[] sizes, String... fields) {
        for (String field : fields) {
            if (values.get(field) instanceof BufferTensorDesc tensor) {
                values.put(field, BufferTensorDesc.packed(tensor.dataType(), sizes));
            }
        }
    }

    /** {@code rank} sizes, each 1 to 3. */
    static long[] random(int rank, Random random) {
        return random(rank, 1, random);
    }

    /** {@code rank} sizes, each {@code smallest} to {@code smallest + 2}. */
    static long[] random(int rank, long smallest, Random random) {
        long[] sizes = new long[rank];
        for (int i = 0; i < rank; i++) {
            sizes[i] = smallest + random.nextInt(3);
        }
        return sizes;
    }

    /** Sizes that broadcast to {@code target}: each 1 or the target's. */
    static long[] broadcastFrom(long[] target, Random random) {
        long[] sizes = new long[target.length];
        for (int i = 0; i < target.length; i++) {
            sizes[i] = random.nextBoolean() ? 1 : target[i];
        }
        return sizes;
    }
}

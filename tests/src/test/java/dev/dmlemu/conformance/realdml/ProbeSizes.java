package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import java.util.Map;

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
}

package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Reading and resizing the tensors of a probe's values (by C field name), for the {@link ProbeShaper}s. */
final class ShapedValues {

    private ShapedValues() {}

    /** The tensor {@code field}, or null when the probe leaves it NULL. */
    static BufferTensorDesc tensor(Map<String, Object> values, String field) {
        return values.get(field) instanceof BufferTensorDesc buffer ? buffer : null;
    }

    /** The sizes of the present tensor {@code field}, as a list to change. */
    static List<Long> sizes(Map<String, Object> values, String field) {
        return new ArrayList<>(tensor(values, field).sizes());
    }

    /** Gives the tensor {@code field}, when present, these sizes (packed, its data type kept). */
    static void resize(Map<String, Object> values, String field, List<Long> sizes) {
        BufferTensorDesc tensor = tensor(values, field);
        if (tensor != null) {
            values.put(field, BufferTensorDesc.packed(tensor.dataType(),
                    sizes.stream().mapToLong(Long::longValue).toArray()));
        }
    }

    /** A size from {@code 1..max}, above 1 two times in three. */
    static long size(Random random, int max) {
        return random.nextInt(3) == 0 ? 1 : 2 + random.nextInt(max - 1);
    }

    /** {@code size + 1} or {@code size - 1} (never 0). */
    static long other(Random random, long size) {
        return size > 1 && random.nextBoolean() ? size - 1 : size + 1;
    }
}

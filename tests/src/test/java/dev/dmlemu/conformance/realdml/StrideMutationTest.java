package dev.dmlemu.conformance.realdml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each stride mutation does what its kind says to one tensor of ELEMENT_WISE_ADD over FLOAT32 {2,3} and leaves the
 * rest alone; offsets and byte counts are worked out here by enumeration, not with the project's tensor math.
 */
class StrideMutationTest {

    private static final List<String> INPUTS = List.of("ATensor", "BTensor");
    private static final String OUTPUT = "OutputTensor";

    private static Map<String, Object> addValues() {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String field : List.of("ATensor", "BTensor", OUTPUT)) {
            values.put(field, BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3));
        }
        return values;
    }

    /** The element offsets of a {2,3} tensor with these strides, in row-major order. */
    private static List<Long> offsets(List<Long> strides) {
        List<Long> offsets = new ArrayList<>();
        for (long i = 0; i < 2; i++) {
            for (long j = 0; j < 3; j++) {
                offsets.add(i * strides.get(0) + j * strides.get(1));
            }
        }
        return offsets;
    }

    private static long maxOffset(List<Long> strides) {
        return offsets(strides).stream().mapToLong(Long::longValue).max().orElseThrow();
    }

    @Test
    void eachKindStridesOneTensorAsItSays() {
        StrideMutation mutation = new StrideMutation(OperatorDescs.schema(OperatorType.ELEMENT_WISE_ADD).orElseThrow());
        for (StrideMutation.Kind kind : StrideMutation.Kind.values()) {
            for (int seed = 0; seed < 30; seed++) {
                Map<String, Object> values = addValues();
                Optional<String> what = mutation.apply(kind, values, new Random(seed));
                assertTrue(what.isPresent(), kind + " fits ELEMENT_WISE_ADD over {2,3}");
                List<String> changed = values.keySet().stream()
                        .filter(field -> !values.get(field).equals(addValues().get(field))).toList();
                assertEquals(1, changed.size(), kind + ": one tensor changes, " + changed);
                String field = changed.get(0);
                BufferTensorDesc tensor = (BufferTensorDesc) values.get(field);
                assertEquals(List.of(2L, 3L), tensor.sizes(), kind + ": sizes kept");
                assertEquals(TensorDataType.FLOAT32, tensor.dataType(), kind + ": data type kept");
                List<Long> strides = tensor.strides().orElseThrow();
                long elements = maxOffset(strides) + 1;
                long bytes = elements * 4; // FLOAT32: already a multiple of 4
                Set<Long> distinct = new HashSet<>(offsets(strides));
                String context = kind + " " + what.get();
                switch (kind) {
                    case PADDED -> {
                        assertTrue(strides.get(1) >= 1 && strides.get(0) >= 3 * strides.get(1), context);
                        assertNotEquals(List.of(3L, 1L), strides, context);
                        assertEquals(bytes, tensor.totalTensorSizeInBytes(), context);
                    }
                    case TRANSPOSED -> {
                        assertEquals(List.of(1L, 2L), strides, context); // the one other order of two dimensions
                        assertEquals(24, tensor.totalTensorSizeInBytes(), context);
                    }
                    case BROADCAST_INPUT -> {
                        assertTrue(INPUTS.contains(field) && strides.contains(0L), context);
                        assertEquals(bytes, tensor.totalTensorSizeInBytes(), context);
                    }
                    case INPUT_ARBITRARY -> {
                        assertTrue(INPUTS.contains(field), context);
                        assertEquals(bytes, tensor.totalTensorSizeInBytes(), context);
                    }
                    case OUTPUT_ZERO_STRIDE -> assertTrue(field.equals(OUTPUT) && strides.contains(0L), context);
                    case OUTPUT_EQUAL_STRIDES -> assertTrue(field.equals(OUTPUT)
                            && strides.get(0).equals(strides.get(1)), context);
                    case OUTPUT_OVERLAPPING -> {
                        assertTrue(field.equals(OUTPUT) && !strides.contains(0L)
                                && !strides.get(0).equals(strides.get(1)) && elements >= 6, context);
                        assertTrue(distinct.size() < 6, context + ": two elements share an offset");
                    }
                    case TOTAL_ONE_ELEMENT_SHORT -> {
                        assertTrue(strides.get(0) >= 3 * strides.get(1), context);
                        assertEquals(bytes - 4, tensor.totalTensorSizeInBytes(), context);
                    }
                    case TOTAL_UNROUNDED -> assertEquals(bytes - 1, tensor.totalTensorSizeInBytes(),
                            context + ": FLOAT32 bytes are a multiple of 4, so one byte short");
                    default -> throw new IllegalStateException(kind.name());
                }
            }
        }
    }

    @Test
    void theUnroundedTotalHoldsEveryElementOfAUint8Tensor() {
        StrideMutation mutation = new StrideMutation(OperatorDescs.schema(OperatorType.ELEMENT_WISE_ADD).orElseThrow());
        for (int seed = 0; seed < 30; seed++) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (String field : List.of("ATensor", "BTensor", OUTPUT)) {
                values.put(field, BufferTensorDesc.packed(TensorDataType.UINT8, 2, 3));
            }
            mutation.apply(StrideMutation.Kind.TOTAL_UNROUNDED, values, new Random(seed));
            BufferTensorDesc tensor = values.values().stream().map(BufferTensorDesc.class::cast)
                    .filter(t -> t.strides().isPresent()).findFirst().orElseThrow();
            long bytes = maxOffset(tensor.strides().get()) + 1;
            long expected = bytes % 4 != 0 ? bytes : bytes - 1;
            assertEquals(expected, tensor.totalTensorSizeInBytes(), tensor.toString());
        }
    }
}

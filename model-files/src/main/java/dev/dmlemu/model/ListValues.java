package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * DxDispatch's list initializer: {@code "initialValuesDataType": "UNKNOWN", "initialValues": [{"type": "UINT32",
 * "value": 6}, {"type": "FLOAT32", "value": 2.5}]}. Each entry is encoded in its own type, and the entries are packed
 * one after another with no padding between them, as DxDispatch's parser appends their bytes.
 *
 * @param entries the entries, in order; at least one
 */
public record ListValues(List<Entry> entries) implements InitialValues {

    /**
     * The types an entry may have: those DxDispatch's list parser takes (it refuses FLOAT16 and the 4-bit types with
     * "Data type not supported").
     */
    public static final Set<TensorDataType> ENTRY_TYPES = Set.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64,
            TensorDataType.UINT8, TensorDataType.UINT16, TensorDataType.UINT32, TensorDataType.UINT64,
            TensorDataType.INT8, TensorDataType.INT16, TensorDataType.INT32, TensorDataType.INT64);

    /** One entry: {@code {"type": "UINT32", "value": 6}} ({@code name}, a comment for the reader, is not kept). */
    public record Entry(TensorDataType type, Scalar value) {
        public Entry {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(value, "value");
            if (!ENTRY_TYPES.contains(type)) {
                throw new IllegalArgumentException(type + " is not a list initializer type");
            }
        }
    }

    public ListValues {
        entries = List.copyOf(entries);
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("a list initializer needs at least one entry");
        }
    }

    /** The packed size: the sum of the entries' sizes. */
    public long byteCount() {
        long bytes = 0;
        for (Entry entry : entries) {
            bytes += entry.type().sizeInBits() / 8;
        }
        return bytes;
    }
}

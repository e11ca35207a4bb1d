package dev.dmlemu.desc.schema;

import java.util.List;
import java.util.Optional;

/**
 * Where a desc struct's fields sit in memory on one ABI.
 *
 * @param size {@code sizeof} the struct
 * @param alignment {@code alignof} the struct
 * @param fields each field's offset and size, in C order
 */
public record StructLayout(int size, int alignment, List<FieldLayout> fields) {

    /** One field: its C name, {@code offsetof} and {@code sizeof}. */
    public record FieldLayout(String name, int offset, int size) {}

    public StructLayout {
        fields = List.copyOf(fields);
    }

    public Optional<FieldLayout> field(String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst();
    }
}

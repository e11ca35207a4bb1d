package dev.dmlemu.nativebridge.dml;

import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.OperatorSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Where each field of an operator desc struct lies, as a C compiler lays it out: a tensor field is a
 * {@code const DML_TENSOR_DESC*} (a pointer), a UINT field 4 bytes, each at its natural alignment, and the size is
 * rounded up to the largest alignment (docs/directml-behaviour.md §3.1). Every operator struct DirectML defines is
 * such a sequence, so one layout rule serves them all.
 *
 * @param offsets each field's byte offset, in C order
 * @param size the struct's size
 */
public record OperatorStructLayout(List<Long> offsets, long size) {

    public OperatorStructLayout {
        offsets = List.copyOf(offsets);
    }

    public static OperatorStructLayout of(OperatorSchema schema, int pointerSize) {
        List<Long> offsets = new ArrayList<>();
        long at = 0;
        long largest = 1;
        for (DescField field : schema.fields()) {
            long size = field.type() == DescField.Type.TENSOR ? pointerSize : 4;
            at = (at + size - 1) / size * size;
            offsets.add(at);
            at += size;
            largest = Math.max(largest, size);
        }
        return new OperatorStructLayout(offsets, (at + largest - 1) / largest * largest);
    }
}

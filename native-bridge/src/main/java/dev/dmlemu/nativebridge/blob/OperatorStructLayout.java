package dev.dmlemu.nativebridge.blob;

import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.schema.FieldKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Where each field of an operator desc struct lies, as a C compiler lays it out: each field at the next multiple of
 * its alignment (a pointer its own size; UINT, INT, FLOAT, BOOL and enums 4; {@code DML_SIZE_2D} 8 bytes aligned to
 * 4; {@code DML_SCALAR_UNION} 8 aligned to 8), the size rounded up to the largest alignment
 * (docs/directml-behaviour.md §3.1). Every operator struct DirectML defines is such a sequence, so one rule serves
 * them all; {@code OperatorStructLayoutTest} and the header measurements ({@code EveryOperatorBlobTest}) pin the same rule for x64.
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
            FieldKind.Storage storage = field.type().kind().storage();
            long size = switch (storage) {
                case POINTER -> pointerSize;
                case FOUR_BYTES -> 4;
                case TWO_FOUR_BYTES, EIGHT_BYTES -> 8;
            };
            long alignment = switch (storage) {
                case POINTER -> pointerSize;
                case FOUR_BYTES, TWO_FOUR_BYTES -> 4;
                case EIGHT_BYTES -> 8;
            };
            at = (at + alignment - 1) / alignment * alignment;
            offsets.add(at);
            at += size;
            largest = Math.max(largest, alignment);
        }
        return new OperatorStructLayout(offsets, (at + largest - 1) / largest * largest);
    }
}

package dev.dmlemu.desc.schema;

import java.util.ArrayList;
import java.util.List;

/** The layout of a desc struct, computed from its field kinds alone: the one place that knows C's layout rule. */
public final class StructLayouts {

    private StructLayouts() {}

    /**
     * Each field at the next multiple of its alignment, in order; the struct's alignment is its largest field's and
     * its size is rounded up to it.
     */
    public static StructLayout of(List<SchemaField> fields, Abi abi) {
        List<StructLayout.FieldLayout> placed = new ArrayList<>();
        int offset = 0;
        int alignment = 1;
        for (SchemaField field : fields) {
            int size = size(field.kind().storage(), abi);
            int align = alignment(field.kind().storage(), abi);
            offset = roundUp(offset, align);
            placed.add(new StructLayout.FieldLayout(field.name(), offset, size));
            offset += size;
            alignment = Math.max(alignment, align);
        }
        return new StructLayout(roundUp(offset, alignment), alignment, placed);
    }

    static int size(FieldKind.Storage storage, Abi abi) {
        return switch (storage) {
            case POINTER -> abi.pointerSize();
            case FOUR_BYTES -> 4;
            case TWO_FOUR_BYTES, EIGHT_BYTES -> 8;
        };
    }

    static int alignment(FieldKind.Storage storage, Abi abi) {
        return switch (storage) {
            case POINTER -> abi.pointerSize();
            case FOUR_BYTES, TWO_FOUR_BYTES -> 4;
            case EIGHT_BYTES -> 8;
        };
    }

    private static int roundUp(int value, int multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }
}

package dev.dmlemu.desc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The layout rule on small field lists, with offsets worked out by hand. */
class StructLayoutsTest {

    private static SchemaField field(String name, FieldKind kind) {
        Optional<TensorKind> direction = kind.isTensor() ? Optional.of(TensorKind.INPUT) : Optional.empty();
        Optional<String> reference = kind.reference() == FieldKind.Reference.NONE ? Optional.empty()
                : Optional.of("Ref");
        return new SchemaField(name, kind, direction, reference);
    }

    private static List<Integer> offsets(StructLayout layout) {
        return layout.fields().stream().map(StructLayout.FieldLayout::offset).toList();
    }

    @Test
    void aPointerAfterAUintSkipsToTheNextEightBytes() {
        StructLayout layout = StructLayouts.of(List.of(field("Count", FieldKind.UINT),
                field("Tensors", FieldKind.TENSOR_ARRAY)), Abi.WINDOWS_X64);
        assertEquals(List.of(0, 8), offsets(layout));
        assertEquals(16, layout.size());
        assertEquals(8, layout.alignment());
    }

    @Test
    void trailingUintsAreRoundedUpToThePointerAlignment() {
        StructLayout layout = StructLayouts.of(List.of(field("InputTensor", FieldKind.TENSOR),
                field("Axis", FieldKind.UINT)), Abi.WINDOWS_X64);
        assertEquals(List.of(0, 8), offsets(layout));
        assertEquals(16, layout.size());
    }

    @Test
    void aSize2dIsTwoUintsAlignedToFour() {
        StructLayout layout = StructLayouts.of(List.of(field("A", FieldKind.UINT), field("Size", FieldKind.SIZE_2D),
                field("B", FieldKind.ENUM)), Abi.WINDOWS_X64);
        assertEquals(List.of(0, 4, 12), offsets(layout));
        assertEquals(16, layout.size());
        assertEquals(4, layout.alignment());
    }

    @Test
    void aScalarUnionIsAlignedToEight() {
        StructLayout layout = StructLayouts.of(List.of(field("ValueDataType", FieldKind.ENUM),
                field("Value", FieldKind.SCALAR), field("Flag", FieldKind.BOOL)), Abi.WINDOWS_X64);
        assertEquals(List.of(0, 8, 16), offsets(layout));
        assertEquals(List.of(4, 8, 4), layout.fields().stream().map(StructLayout.FieldLayout::size).toList());
        assertEquals(24, layout.size());
        assertEquals(8, layout.alignment());
    }

    @Test
    void fourByteFieldsAloneGiveAFourByteStruct() {
        StructLayout layout = StructLayouts.of(List.of(field("A", FieldKind.FLOAT), field("B", FieldKind.INT),
                field("C", FieldKind.FLOAT)), Abi.WINDOWS_ARM64);
        assertEquals(List.of(0, 4, 8), offsets(layout));
        assertEquals(12, layout.size());
        assertEquals(4, layout.alignment());
    }
}

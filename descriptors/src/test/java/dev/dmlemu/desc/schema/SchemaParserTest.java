package dev.dmlemu.desc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The data format: what a small valid file gives, and that each inconsistency is refused naming its line. */
class SchemaParserTest {

    private static final String VALID = """
            # a comment
            enum DML_TENSOR_DATA_TYPE
              DML_TENSOR_DATA_TYPE_FLOAT32 1
            enum DML_MODE
              DML_MODE_A 0
              DML_MODE_B 0x10

            operator RELU 45 1_0 DML_RELU_DESC
              InputTensor  tensor in
              OutputTensor optional-tensor out
            operator FILL 7 2_1 DML_FILL_DESC
              OutputTensor  tensor out
              Count         uint
              Sizes         uint-array Count
              Mode          enum DML_MODE
              ValueDataType enum DML_TENSOR_DATA_TYPE
              Value         scalar ValueDataType
              Fused         fused-activation
              fuses RELU FILL@6_0
            alias FILLER FILL
            """;

    @Test
    void aValidFile() {
        SchemaCatalog catalog = SchemaCatalog.parse(VALID);
        assertEquals(List.of("FILL", "RELU"), catalog.operators().stream().map(SchemaOperator::name).toList());
        SchemaOperator fill = catalog.operator("dml_operator_filler").orElseThrow();
        assertEquals(7, fill.code());
        assertEquals(FeatureLevel.LEVEL_2_1, fill.availability());
        assertEquals("DML_FILL_DESC", fill.structName());
        assertEquals(new SchemaField("Sizes", FieldKind.UINT_ARRAY, Optional.empty(), Optional.of("Count")),
                fill.fields().get(2));
        assertEquals("DML_MODE", fill.fields().get(3).cType());
        assertEquals("DML_SCALAR_UNION", fill.fields().get(5).cType());
        assertEquals(List.of(new FusableActivation("RELU", Optional.empty()),
                new FusableActivation("FILL", Optional.of(FeatureLevel.LEVEL_6_0))), fill.fusableActivations());
        assertEquals(Optional.of(TensorKind.OUTPUT),
                catalog.operator(45).orElseThrow().field("OutputTensor").orElseThrow().direction());
        assertEquals(Optional.of(16L), catalog.enumNamed("DML_MODE").orElseThrow().valueOf("DML_MODE_B"));
    }

    @Test
    void inconsistenciesAreRefusedNamingTheLine() {
        assertRefused(VALID.replace("uint-array Count", "uint-array Counts"), "Counts", "count field Counts");
        assertRefused(VALID.replace("enum DML_MODE\n  DML_MODE_A", "enum DML_MODES\n  DML_MODE_A"), "Mode          enum DML_MODE",
                "enum DML_MODE is not declared");
        assertRefused(VALID.replace("scalar ValueDataType", "scalar Mode"), "scalar Mode",
                "no DML_TENSOR_DATA_TYPE field");
        assertRefused(VALID.replace("FILL 7 2_1", "FILL 45 2_1"), "FILL 45", "share code 45");
        assertRefused(VALID.replace("fuses RELU FILL@6_0", "fuses RELU GELU"), "fuses", "fuses unknown operator GELU");
        assertRefused(VALID.replace("  Fused         fused-activation\n", ""), "fuses", "a 'fuses' line goes with");
        assertRefused(VALID.replace("tensor in", "tensor inout"), "inout", "tensor direction 'inout'");
        assertRefused(VALID.replace("uint-array Count", "ulong-array Count"), "ulong", "unknown field kind 'ulong-array'");
        assertRefused(VALID.replace("alias FILLER FILL", "alias FILLER FILLS"), "alias", "unknown operator FILLS");
        assertRefused(VALID.replace("2_1 DML_FILL_DESC", "2_2 DML_FILL_DESC"), "2_2", "unknown feature level '2_2'");
        assertRefused("  InputTensor tensor in\n", "InputTensor", "outside any enum or operator");
        assertRefused(VALID.replace("DML_MODE_B 0x10", "DML_MODE_B sixteen"), "sixteen", "'sixteen' is no number");
    }

    /** Refused with a message naming the (first) line that contains {@code lineMarker}. */
    private static void assertRefused(String text, String lineMarker, String fragment) {
        List<String> lines = List.of(text.split("\n"));
        int line = 1 + lines.indexOf(lines.stream().filter(l -> l.contains(lineMarker)).findFirst().orElseThrow());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchemaCatalog.parse(text));
        assertTrue(e.getMessage().startsWith("schema line " + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }
}

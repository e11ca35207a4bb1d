package dev.dmlemu.desc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The bundled schema against {@code directml-header-x64.txt}, which a program compiled against the real DirectML.h
 * printed (docs/directml-behaviour.md §3.3): every operator code, every struct's size and alignment, every field's
 * offset, size and C type, every enum value.
 */
class SchemaCatalogTest {

    private static final SchemaCatalog CATALOG = SchemaCatalog.directMl();
    private static final MeasuredHeader HEADER = MeasuredHeader.load();

    @Test
    void theDataHoldsTheHeaders177OperatorTypesWithTheirCodes() {
        // DML_OPERATOR_TYPE at 0x6400: INVALID (0), then 177 operators numbered 1 to 177, plus SCATTER, an alias.
        assertEquals(177, CATALOG.operators().size());
        assertEquals(IntStream.rangeClosed(1, 177).boxed().toList(),
                CATALOG.operators().stream().map(SchemaOperator::code).toList());
        Map<String, Long> data = new LinkedHashMap<>();
        CATALOG.operators().forEach(op -> data.put(op.name(), (long) op.code()));
        CATALOG.aliases().forEach((alias, target) -> data.put(alias, data.get(target)));
        assertEquals(new TreeSet<>(HEADER.operatorCodes.keySet()), new TreeSet<>(data.keySet()));
        HEADER.operatorCodes.forEach((name, code) -> assertEquals(code, data.get(name), name));
    }

    @Test
    void everyStructSizeAlignmentAndFieldOffsetIsTheHeadersOnX64() {
        Set<String> structs = CATALOG.operators().stream().map(SchemaOperator::structName).collect(Collectors.toSet());
        assertEquals(177, structs.size(), "one struct per operator");
        int fields = 0;
        for (SchemaOperator op : CATALOG.operators()) {
            MeasuredHeader.Struct expected = HEADER.structs.get(op.structName());
            assertTrue(expected != null, op.structName() + " was not measured");
            StructLayout layout = op.layout(Abi.WINDOWS_X64);
            assertEquals(expected.size(), layout.size(), op.structName() + " size");
            assertEquals(expected.alignment(), layout.alignment(), op.structName() + " alignment");
            assertEquals(expected.fields().stream().map(MeasuredHeader.Field::name).toList(),
                    layout.fields().stream().map(StructLayout.FieldLayout::name).toList(), op.structName());
            for (int i = 0; i < expected.fields().size(); i++) {
                MeasuredHeader.Field field = expected.fields().get(i);
                String where = op.structName() + "." + field.name();
                assertEquals(field.offset(), layout.fields().get(i).offset(), where + " offset");
                assertEquals(field.size(), layout.fields().get(i).size(), where + " size");
                fields++;
            }
        }
        assertEquals(917, fields, "fields measured");
    }

    @Test
    void everyFieldHasTheHeadersCType() {
        for (SchemaOperator op : CATALOG.operators()) {
            List<MeasuredHeader.Field> expected = HEADER.structs.get(op.structName()).fields();
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i).cType(), op.fields().get(i).cType(),
                        op.structName() + "." + expected.get(i).name());
            }
        }
    }

    @Test
    void arm64HasTheX64Layout() {
        // Both ABIs are LLP64 with natural alignment (docs/directml-behaviour.md §3.3), so the measured x64 numbers
        // are the arm64 ones too.
        for (SchemaOperator op : CATALOG.operators()) {
            MeasuredHeader.Struct x64 = HEADER.structs.get(op.structName());
            StructLayout arm64 = op.layout(Abi.WINDOWS_ARM64);
            assertEquals(x64.size(), arm64.size(), op.structName());
            assertEquals(x64.alignment(), arm64.alignment(), op.structName());
            assertEquals(x64.fields().stream().map(MeasuredHeader.Field::offset).toList(),
                    arm64.fields().stream().map(StructLayout.FieldLayout::offset).toList(), op.structName());
        }
    }

    @Test
    void theByValueTypesHaveTheSizesTheLayoutUses() {
        assertStorage("DML_SIZE_2D", FieldKind.Storage.TWO_FOUR_BYTES);
        assertStorage("DML_SCALAR_UNION", FieldKind.Storage.EIGHT_BYTES);
        MeasuredHeader.Struct tensorDesc = HEADER.structs.get("DML_TENSOR_DESC");
        assertEquals(16, tensorDesc.size(), "a tensor desc array steps by this");
        assertEquals(16, HEADER.structs.get("DML_OPERATOR_DESC").size());
        assertEquals(8, HEADER.structs.get("DML_SCALE_BIAS").size());
    }

    private static void assertStorage(String struct, FieldKind.Storage storage) {
        MeasuredHeader.Struct measured = HEADER.structs.get(struct);
        assertEquals(measured.size(), StructLayouts.size(storage, Abi.WINDOWS_X64), struct);
        assertEquals(measured.alignment(), StructLayouts.alignment(storage, Abi.WINDOWS_X64), struct);
    }

    @Test
    void everyEnumValueIsTheHeaders() {
        Map<String, Long> data = new LinkedHashMap<>();
        CATALOG.enums().forEach(e -> e.constants().forEach(c -> data.put(c.cName(), c.value())));
        assertEquals(HEADER.enumValues, data);
        assertEquals(16, CATALOG.enums().size());
    }

    @Test
    void everyEnumAFieldNamesIsInTheData() {
        for (SchemaOperator op : CATALOG.operators()) {
            for (SchemaField field : op.fields()) {
                if (field.kind() == FieldKind.ENUM) {
                    assertTrue(CATALOG.enumNamed(field.cType()).isPresent(), op.name() + "." + field.name());
                }
            }
        }
    }
}

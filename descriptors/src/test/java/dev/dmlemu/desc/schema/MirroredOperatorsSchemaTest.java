package dev.dmlemu.desc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.DmlEnum;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.SampleValues;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The records the build generates and the hand-written enums agree with the schema data the generator read on its
 * own: every desc record has the data's fields in the data's order and kinds, and every Java enum constant has the
 * data's code.
 */
class MirroredOperatorsSchemaTest {

    private static final SchemaCatalog CATALOG = SchemaCatalog.directMl();

    @Test
    void everyOperatorOfTheDataHasARecord() {
        assertEquals(CATALOG.operators().stream().map(op -> OperatorType.fromCode(op.code())).toList(),
                OperatorDescs.operators());
    }

    @Test
    void everyRecordHasTheDatasFieldsInOrder() {
        for (OperatorType type : OperatorDescs.operators()) {
            OperatorSchema record = OperatorDescs.schema(type).orElseThrow();
            SchemaOperator data = CATALOG.operator(type.name()).orElseThrow();
            assertEquals(type.code(), data.code(), type.name());
            assertEquals(data.fields().stream().map(SchemaField::name).toList(), record.fieldNames(), type.name());
            for (int i = 0; i < record.fields().size(); i++) {
                assertEquals(kindOf(record.fields().get(i).type()), data.fields().get(i).kind(),
                        type.name() + "." + record.fieldNames().get(i));
            }
        }
    }

    private static FieldKind kindOf(DescField.Type type) {
        return type.kind();
    }

    @Test
    void everyRecordReadsAndWritesTheDatasTensors() {
        for (OperatorType type : OperatorDescs.operators()) {
            OperatorSchema record = OperatorDescs.schema(type).orElseThrow();
            List<Object> values = new ArrayList<>();
            for (DescField field : record.fields()) {
                values.add(SampleValues.of(field, BufferTensorDesc.packed(TensorDataType.FLOAT32, 1), 0L));
            }
            OperatorDesc desc = record.create(values);
            Map<String, TensorKind> fromRecord = new LinkedHashMap<>();
            for (TensorField tensor : desc.tensorFields()) {
                // An array's tensors are named by their place in it: "OutputTensors[1]".
                fromRecord.put(tensor.name().replaceFirst("\\[\\d+]$", ""), tensor.kind());
            }
            Map<String, TensorKind> fromData = new LinkedHashMap<>();
            for (SchemaField field : CATALOG.operator(type.name()).orElseThrow().fields()) {
                field.direction().ifPresent(direction -> fromData.put(field.name(), direction));
            }
            assertEquals(fromData, fromRecord, type.name());
        }
    }

    @Test
    void everyOperatorTypeConstantHasTheDatasCode() {
        for (OperatorType type : OperatorType.values()) {
            if (type == OperatorType.INVALID) {
                continue; // the data lists operators, and INVALID (0) is none
            }
            assertEquals(Optional.of(type.code()), CATALOG.operator(type.name()).map(SchemaOperator::code),
                    type.name());
        }
        assertEquals(OperatorType.fromName("SCATTER").code(), CATALOG.operator("SCATTER").orElseThrow().code());
    }

    @Test
    void tensorDataTypeIsTheDatasEnum() {
        assertSameConstants("DML_TENSOR_DATA_TYPE", TensorDataType.values());
    }

    @Test
    void featureLevelIsTheDatasEnum() {
        assertSameConstants("DML_FEATURE_LEVEL", FeatureLevel.values());
    }

    private static void assertSameConstants(String enumName, DmlEnum[] constants) {
        Map<String, Long> java = new LinkedHashMap<>();
        Arrays.stream(constants).forEach(c -> java.put(c.cName(), (long) c.code()));
        Map<String, Long> data = new LinkedHashMap<>();
        CATALOG.enumNamed(enumName).orElseThrow().constants().forEach(c -> data.put(c.cName(), c.value()));
        assertEquals(data, java, enumName);
        assertEquals(List.copyOf(data.keySet()), List.copyOf(java.keySet()), enumName + " order");
    }
}

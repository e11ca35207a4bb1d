package dev.dmlemu.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Every desc record is registered, and its schema is its C struct's field list. */
class OperatorDescsTest {

    @Test
    void everyPermittedDescIsRegisteredAndNothingElse() {
        Set<Class<?>> permitted = Set.of(OperatorDesc.class.getPermittedSubclasses());
        Set<Class<?>> registered = OperatorDescs.operators().stream()
                .map(type -> OperatorDescs.schema(type).orElseThrow().descType()).collect(Collectors.toSet());
        assertEquals(permitted, registered);
    }

    @Test
    void gatherElementsSchemaIsTheCStruct() {
        // DML_GATHER_ELEMENTS_OPERATOR_DESC in directml.h: InputTensor, IndicesTensor, OutputTensor (tensor descs),
        // then UINT Axis.
        OperatorSchema schema = OperatorDescs.schema(OperatorType.GATHER_ELEMENTS).orElseThrow();
        assertEquals(List.of("InputTensor", "IndicesTensor", "OutputTensor", "Axis"), schema.fieldNames());
        assertEquals(List.of(DescField.Type.TENSOR, DescField.Type.TENSOR, DescField.Type.TENSOR,
                DescField.Type.UINT), schema.fields().stream().map(DescField::type).toList());
    }

    @Test
    void gatherNdSchemasAreTheCStructs() {
        // directml.h: DML_GATHER_ND_OPERATOR_DESC { InputTensor, IndicesTensor, OutputTensor, UINT InputDimensionCount,
        // UINT IndicesDimensionCount }; DML_GATHER_ND1_OPERATOR_DESC adds UINT BatchDimensionCount.
        List<String> nd = List.of("InputTensor", "IndicesTensor", "OutputTensor", "InputDimensionCount",
                "IndicesDimensionCount");
        assertEquals(nd, OperatorDescs.schema(OperatorType.GATHER_ND).orElseThrow().fieldNames());
        List<String> nd1 = new java.util.ArrayList<>(nd);
        nd1.add("BatchDimensionCount");
        OperatorSchema schema = OperatorDescs.schema(OperatorType.GATHER_ND1).orElseThrow();
        assertEquals(nd1, schema.fieldNames());
        assertEquals(List.of(DescField.Type.TENSOR, DescField.Type.TENSOR, DescField.Type.TENSOR,
                DescField.Type.UINT, DescField.Type.UINT, DescField.Type.UINT),
                schema.fields().stream().map(DescField::type).toList());
    }

    @Test
    void scatterSchemasAreTheCStructs() {
        // directml.h: DML_SCATTER_ELEMENTS_OPERATOR_DESC { InputTensor, IndicesTensor, UpdatesTensor, OutputTensor,
        // UINT Axis }; DML_SCATTER_ND_OPERATOR_DESC { InputTensor, IndicesTensor, UpdatesTensor, OutputTensor,
        // UINT InputDimensionCount, UINT IndicesDimensionCount }.
        OperatorSchema elements = OperatorDescs.schema(OperatorType.SCATTER_ELEMENTS).orElseThrow();
        assertEquals(List.of("InputTensor", "IndicesTensor", "UpdatesTensor", "OutputTensor", "Axis"),
                elements.fieldNames());
        assertEquals(List.of(DescField.Type.TENSOR, DescField.Type.TENSOR, DescField.Type.TENSOR,
                DescField.Type.TENSOR, DescField.Type.UINT), elements.fields().stream().map(DescField::type).toList());
        OperatorSchema nd = OperatorDescs.schema(OperatorType.SCATTER_ND).orElseThrow();
        assertEquals(List.of("InputTensor", "IndicesTensor", "UpdatesTensor", "OutputTensor", "InputDimensionCount",
                "IndicesDimensionCount"), nd.fieldNames());
        assertEquals(List.of(DescField.Type.TENSOR, DescField.Type.TENSOR, DescField.Type.TENSOR,
                DescField.Type.TENSOR, DescField.Type.UINT, DescField.Type.UINT),
                nd.fields().stream().map(DescField::type).toList());
        // The header's alias DML_OPERATOR_SCATTER names the same schema.
        assertEquals(elements, OperatorDescs.schema(OperatorType.fromName("DML_OPERATOR_SCATTER")).orElseThrow());
    }

    @Test
    void scatterTensorFieldsAreThreeInputsThenTheOutput() {
        BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3);
        List<TensorKind> kinds = List.of(TensorKind.INPUT, TensorKind.INPUT, TensorKind.INPUT, TensorKind.OUTPUT);
        assertEquals(kinds, new ScatterElementsOperatorDesc(t, t, t, t, 1).tensorFields().stream()
                .map(TensorField::kind).toList());
        assertEquals(kinds, new ScatterNdOperatorDesc(t, t, t, t, 2, 2).tensorFields().stream()
                .map(TensorField::kind).toList());
        assertThrows(NullPointerException.class, () -> new ScatterElementsOperatorDesc(t, t, null, t, 0));
        assertThrows(NullPointerException.class, () -> new ScatterNdOperatorDesc(t, t, null, t, 1, 1));
    }

    @Test
    void tensorFieldsAreTheSchemasTensorsInOrder() {
        for (OperatorType type : OperatorDescs.operators()) {
            OperatorSchema schema = OperatorDescs.schema(type).orElseThrow();
            TensorDesc tensor = BufferTensorDesc.packed(TensorDataType.UINT32, 2, 3);
            Object[] values = schema.fields().stream().map(field -> SampleValues.of(field, tensor, 7L)).toArray();
            OperatorDesc desc = schema.create(Arrays.asList(values));
            assertEquals(type, desc.operatorType());
            // A tensor array lists each element (two here) as Name[i].
            assertEquals(schema.fields().stream().filter(field -> field.type().isTensor())
                    .flatMap(field -> field.type() == DescField.Type.TENSOR_ARRAY
                            ? java.util.stream.Stream.of(field.cName() + "[0]", field.cName() + "[1]")
                            : java.util.stream.Stream.of(field.cName()))
                    .toList(),
                    desc.tensorFields().stream().map(TensorField::name).toList());
            for (int i = 0; i < values.length; i++) {
                assertEquals(values[i], schema.fields().get(i).valueIn(desc));
            }
        }
    }

    @Test
    void createChecksItsValues() {
        OperatorSchema schema = OperatorDescs.schema(OperatorType.GATHER_ELEMENTS).orElseThrow();
        assertThrows(IllegalArgumentException.class, () -> schema.create(List.of(1L)));
        assertThrows(NullPointerException.class, () -> schema.create(Arrays.asList(null, null, null, 0L)));
    }
}

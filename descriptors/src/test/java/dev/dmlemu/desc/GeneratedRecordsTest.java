package dev.dmlemu.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.schema.SchemaCatalog;
import dev.dmlemu.desc.schema.SchemaField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The records generated from the operator schema: names, directions, the builders' zero struct, the scalar union. */
class GeneratedRecordsTest {

    @Test
    void everyRecordReadsAndWritesTheDatasTensorsInOrder() {
        TensorDesc tensor = BufferTensorDesc.packed(TensorDataType.FLOAT32, 4);
        for (OperatorType type : OperatorDescs.operators()) {
            OperatorSchema schema = OperatorDescs.schema(type).orElseThrow();
            List<Object> values = new ArrayList<>();
            schema.fields().forEach(field -> values.add(SampleValues.of(field, tensor, 2L)));
            Map<String, TensorKind> fromRecord = new LinkedHashMap<>();
            schema.create(values).tensorFields().forEach(f -> fromRecord.put(f.name(), f.kind()));
            Map<String, TensorKind> fromData = new LinkedHashMap<>();
            for (SchemaField field : SchemaCatalog.directMl().operator(type.code()).orElseThrow().fields()) {
                if (field.direction().isPresent() && field.kind().name().equals("TENSOR_ARRAY")) {
                    fromData.put(field.name() + "[0]", field.direction().get());
                    fromData.put(field.name() + "[1]", field.direction().get());
                } else {
                    field.direction().ifPresent(direction -> fromData.put(field.name(), direction));
                }
            }
            assertEquals(fromData, fromRecord, type.name());
        }
    }

    @Test
    void namesFollowTheNamingTable() {
        // DML_ROI_POOLING_OPERATOR_DESC: ROITensor, PooledSize (DML_SIZE_2D).
        RoiPoolingOperatorDesc roi = new RoiPoolingOperatorDesc(TensorDesc.NULL, TensorDesc.NULL, TensorDesc.NULL,
                0.5f, new Size2d(2, 3));
        assertEquals("ROITensor", RoiPoolingOperatorDesc.ROI_TENSOR);
        assertEquals(TensorDesc.NULL, roi.roiTensor());
        assertEquals(OperatorType.ROI_POOLING, roi.operatorType());
        assertEquals(107, OperatorType.GATHER_ELEMENTS.code());
        assertEquals(89, OperatorType.ELEMENT_WISE_ADD1.code());
        assertEquals(4, ReduceFunction.L1.code() + 1);
        assertEquals("DML_REDUCE_FUNCTION_SUM", ReduceFunction.SUM.cName());
        assertEquals(ReduceFunction.SUM, ReduceFunction.fromName("DML_REDUCE_FUNCTION_SUM"));
        assertEquals(OperatorType.SCATTER_ELEMENTS, OperatorType.fromName("SCATTER"));
    }

    @Test
    void aBuilderStartsFromTheZeroedStruct() {
        ConvolutionOperatorDesc zero = ConvolutionOperatorDesc.builder().build();
        assertEquals(TensorDesc.NULL, zero.inputTensor());
        assertEquals(ConvolutionMode.CONVOLUTION, zero.mode());
        assertEquals(0, zero.dimensionCount());
        assertEquals(List.of(), zero.strides());
        assertEquals(Optional.empty(), zero.fusedActivation());
        ConvolutionOperatorDesc set = ConvolutionOperatorDesc.builder().dimensionCount(2).strides(List.of(1L, 1L))
                .groupCount(3).build();
        assertEquals(2, set.dimensionCount());
        assertEquals(List.of(1L, 1L), set.strides());
        assertEquals(3, set.groupCount());
    }

    @Test
    void recordsAcceptAnyValueButNull() {
        // A count that disagrees with its array is a value of the right type: the validator judges it.
        JoinOperatorDesc join = new JoinOperatorDesc(5, List.of(TensorDesc.NULL), TensorDesc.NULL, 0);
        assertEquals(5, join.inputCount());
        assertEquals(1, join.inputTensors().size());
        assertThrows(NullPointerException.class, () -> new JoinOperatorDesc(1, null, TensorDesc.NULL, 0));
        List<TensorDesc> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> new JoinOperatorDesc(1, withNull, TensorDesc.NULL, 0));
    }

    @Test
    void scalarUnionHoldsTheMembersBits() {
        // IEEE 754 encodings, by hand: 2.0f = 0x40000000, half 2.0 = 0x4000, double 2.0 = 0x4000000000000000.
        assertEquals(0x4000_0000L, ScalarUnion.of(TensorDataType.FLOAT32, 2).bits());
        assertEquals(0x4000L, ScalarUnion.of(TensorDataType.FLOAT16, 2).bits());
        assertEquals(0x4000_0000_0000_0000L, ScalarUnion.of(TensorDataType.FLOAT64, 2).bits());
        assertEquals(0xFFL, ScalarUnion.ofInteger(TensorDataType.INT8, -1).bits());
        assertEquals(-1, ScalarUnion.ofInteger(TensorDataType.INT8, -1).asLong(TensorDataType.INT8));
        assertEquals(255, ScalarUnion.ofInteger(TensorDataType.INT8, -1).asLong(TensorDataType.UINT8));
        assertEquals(0xFFFF_FFFFL, ScalarUnion.ofInteger(TensorDataType.UINT32, 0xFFFF_FFFFL).bits());
        assertEquals(2.0, ScalarUnion.of(TensorDataType.FLOAT16, 2).asDouble(TensorDataType.FLOAT16));
        assertTrue(ScalarUnion.ZERO.bits() == 0);
    }
}

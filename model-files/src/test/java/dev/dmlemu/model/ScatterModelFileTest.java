package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DML_SCATTER_ELEMENTS (also spelled DML_OPERATOR_SCATTER) and DML_SCATTER_ND in model files: every spelling of the
 * type reads into the expected record with its four tensors and its UINT fields, and read, write, read is lossless
 * and stable (docs/directml-behaviour.md §9).
 */
class ScatterModelFileTest {

    private static String model(String type, String desc, String bindings) {
        return """
                {"resources": {
                   "X": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 9, "value": 0}},
                   "I": {"initialValuesDataType": "INT64", "initialValues": [1, 0, 2, 0, 2, 1]},
                   "U": {"initialValuesDataType": "FLOAT32", "initialValues": [10, 11, 12, 20, 21, 22]},
                   "Y": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueCount": 9, "value": 0}}},
                 "dispatchables": {"s": {"type": "%s", "desc": {%s}}},
                 "commands": [{"type": "dispatch", "dispatchable": "s", "bindings": {%s}},
                              {"type": "print", "resource": "Y"}]}
                """.formatted(type, desc, bindings);
    }

    private static final String BINDINGS = "\"InputTensor\": \"X\", \"IndicesTensor\": \"I\", "
            + "\"UpdatesTensor\": \"U\", \"OutputTensor\": \"Y\"";

    /** The docs' ScatterElements example 2 with its {3,3} input, INT64 indices, the updates strided. */
    private static final String ELEMENTS_DESC = """
            "InputTensor": {"DataType": "FLOAT32", "Sizes": [3, 3]},
            "IndicesTensor": {"DataType": "INT64", "Sizes": [2, 3]},
            "UpdatesTensor": {"DataType": "FLOAT32", "Sizes": [2, 3], "Strides": [1, 2], "TotalTensorSizeInBytes": 24},
            "OutputTensor": {"DataType": "FLOAT32", "Sizes": [3, 3]},
            "Axis": 0""";

    private static final ScatterElementsOperatorDesc ELEMENTS = new ScatterElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 3), BufferTensorDesc.packed(TensorDataType.INT64, 2, 3),
            new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2, List.of(2L, 3L),
                    Optional.of(List.of(1L, 2L)), 24, 0),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 3), 0);

    @ParameterizedTest
    @ValueSource(strings = {"SCATTER_ELEMENTS", "DML_OPERATOR_SCATTER_ELEMENTS", "SCATTER", "DML_OPERATOR_SCATTER"})
    void everySpellingOfScatterElementsReadsIntoTheRecord(String type) {
        ModelFile model = ModelFiles.parse(model(type, ELEMENTS_DESC, BINDINGS), null, "scatter");
        assertEquals(ELEMENTS, ((OperatorDispatchable) model.dispatchables().get("s")).desc());
        assertEquals(new DispatchCommand("s", Map.of("InputTensor", BindingRef.of("X"), "IndicesTensor",
                BindingRef.of("I"), "UpdatesTensor", BindingRef.of("U"), "OutputTensor", BindingRef.of("Y"))),
                model.commands().get(0));
        String written = ModelFiles.write(model);
        // Written with the header's primary name, in the C field order.
        assertTrue(written.contains("\"type\": \"SCATTER_ELEMENTS\""), written);
        assertFalse(written.contains("\"type\": \"SCATTER\""), written);
        assertTrue(written.indexOf("\"UpdatesTensor\"") < written.indexOf("\"OutputTensor\"")
                && written.indexOf("\"OutputTensor\"") < written.indexOf("\"Axis\""), written);
        assertRoundTrips(model);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SCATTER_ND", "DML_OPERATOR_SCATTER_ND"})
    void scatterNdReadsIntoTheRecordWithItsCounts(String type) {
        // The docs' ScatterND example in 2-D: input {1,8}, indices {4,1}, updates {1,4}; counts 1 and 2.
        String desc = """
                "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 8]},
                "IndicesTensor": {"DataType": "UINT32", "Sizes": [4, 1]},
                "UpdatesTensor": {"DataType": "FLOAT32", "Sizes": [1, 4]},
                "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 8]},
                "InputDimensionCount": 1, "IndicesDimensionCount": 2""";
        ModelFile model = ModelFiles.parse(model(type, desc, BINDINGS), null, "scatter-nd");
        assertEquals(new ScatterNdOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8),
                BufferTensorDesc.packed(TensorDataType.UINT32, 4, 1), BufferTensorDesc.packed(TensorDataType.FLOAT32,
                        1, 4), BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8), 1, 2),
                ((OperatorDispatchable) model.dispatchables().get("s")).desc());
        String written = ModelFiles.write(model);
        assertTrue(written.contains("\"type\": \"SCATTER_ND\""), written);
        assertTrue(written.contains("\"InputDimensionCount\": 1"), written);
        assertTrue(written.contains("\"IndicesDimensionCount\": 2"), written);
        assertRoundTrips(model);
    }

    @Test
    void aScatterWithoutItsUpdatesTensorNamesTheField() {
        String desc = ELEMENTS_DESC.replaceFirst("\"UpdatesTensor\": \\{[^}]*},\n", "");
        ModelFormatException e = org.junit.jupiter.api.Assertions.assertThrows(ModelFormatException.class,
                () -> ModelFiles.parse(model("SCATTER_ELEMENTS", desc, BINDINGS), null, "scatter"));
        assertTrue(e.getMessage().contains("UpdatesTensor"), e.getMessage());
    }

    private static void assertRoundTrips(ModelFile model) {
        String written = ModelFiles.write(model);
        ModelFile again = ModelFiles.parse(written, null, "written");
        assertEquals(model, again, written);
        assertEquals(written, ModelFiles.write(again), "writing is stable");
    }
}

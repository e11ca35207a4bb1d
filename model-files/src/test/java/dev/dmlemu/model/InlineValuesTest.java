package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.TensorDataType;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Inline {@code initialValues} arrays are surveyed, checked against the limits and then encoded while the document
 * streams past. Whatever order a resource's members come in and however the document is malformed, the reader
 * ends with the values or one {@link ModelFormatException} at the right place.
 */
class InlineValuesTest {

    private static ModelFile parse(String json) {
        return ModelFiles.parse(json, null, "m.json");
    }

    private static String failure(String json) {
        return assertThrows(ModelFormatException.class, () -> parse(json)).getMessage();
    }

    private static String resources(String body) {
        return "{\"resources\": {" + body + "}, \"dispatchables\": {}, \"commands\": []}";
    }

    @Test
    void theTypeMayFollowTheArray() {
        ModelFile model = parse(resources("\"A\": {\"initialValues\": [1.5, -2], \"initialValuesDataType\":"
                + " \"FLOAT32\"}"));
        assertEquals(Encoded.float32(1.5f, -2f), model.resources().get("A").initialValues());
    }

    @Test
    void everyIntegerFormIsEncodedExactly() {
        // 1e2 and 3.0 are integers written as decimals; -0 is 0; 2^63 fits only UINT64.
        ModelFile model = parse(resources("\"A\": {\"initialValuesDataType\": \"INT64\", \"initialValues\":"
                + " [1e2, 3.0, -0, -9223372036854775808, 9223372036854775807]},"
                + " \"B\": {\"initialValuesDataType\": \"UINT64\", \"initialValues\": [9223372036854775808]}"));
        assertEquals(Encoded.longBits(TensorDataType.INT64, 100, 3, 0, Long.MIN_VALUE, Long.MAX_VALUE),
                model.resources().get("A").initialValues());
        assertEquals(Encoded.longBits(TensorDataType.UINT64, Long.MIN_VALUE),
                model.resources().get("B").initialValues());
    }

    /** Columns counted by hand: each is where the offending value starts. */
    @Test
    void badValuesAreNamedByTheirIndexAndPosition() {
        assertEquals("resources.A.initialValues[2]: 256 is out of range for UINT8 (0..255) (line 1, column 82)",
                failure(resources("\"A\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": [0, 255, 256]}")));
        assertEquals("resources.A.initialValues[1]: 1.5 is not an integer, as INT32 needs (line 1, column 77)",
                failure(resources("\"A\": {\"initialValuesDataType\": \"INT32\", \"initialValues\": [0, 1.5]}")));
        assertEquals("resources.A.initialValues[0]: \"inf\" is only allowed for FLOAT16, FLOAT32 and FLOAT64, not"
                + " INT8 (line 1, column 73)",
                failure(resources("\"A\": {\"initialValuesDataType\": \"INT8\", \"initialValues\": [\"inf\"]}")));
        assertEquals("resources.A.initialValues[1]: expected a number or \"nan\", \"inf\", \"-inf\", got an array"
                + " (line 1, column 79)",
                failure(resources("\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, [2]]}")));
        assertEquals("resources.A.initialValues[0]: 4e38 is out of range for FLOAT32 (it rounds to infinity; the"
                + " largest finite FLOAT32 is 3.4028235E38) (line 1, column 76)",
                failure(resources("\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [4e38]}")));
    }

    @Test
    void anArrayWithoutAUsableTypeFailsOnTheType() {
        assertEquals("resources.A: missing required field 'initialValuesDataType' (line 1, column 21)",
                failure(resources("\"A\": {\"initialValues\": [1, 2]}")));
        assertEquals("resources.A.initialValuesDataType: unknown TensorDataType 'FLOAT33' (line 1, column 72)",
                failure(resources("\"A\": {\"initialValues\": [1, 2], \"initialValuesDataType\": \"FLOAT33\"}"))
                        .replaceAll("'FLOAT33'.*\\(line", "'FLOAT33' (line"));
        // UNKNOWN is DxDispatch's list initializer: its entries must be typed objects.
        assertEquals("resources.A.initialValues[0]: expected a list initializer entry {\"type\": ..., \"value\": ...}"
                + " (the resource has no initialValuesDataType, or UNKNOWN), got 1 (line 1, column 40)",
                failure(resources("\"A\": {\"initialValues\": [1, 2], \"initialValuesDataType\": \"UNKNOWN\"}")));
    }

    @Test
    void duplicateNamesFailAtTheSecondWithoutMixingUpArrays() {
        assertEquals("malformed JSON: Duplicate field 'A' (line 1, column 82)", failure(resources(
                "\"A\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": [1]}, \"A\": {\"initialValuesDataType\":"
                        + " \"UINT8\", \"initialValues\": [1, 2, 3]}")).replaceAll(" for \\S+ at.*\\(", " ("));
        assertThrows(ModelFormatException.class, () -> parse(resources("\"A\": {\"initialValuesDataType\":"
                + " \"UINT8\", \"initialValues\": [1], \"initialValues\": [1, 2]}")));
    }

    @Test
    void malformedJsonAfterAnArrayIsReportedWhereItIs() {
        String message = failure("{\"resources\": {\"A\": {\"initialValuesDataType\": \"UINT8\","
                + " \"initialValues\": [1, 2 3]}}}");
        assertEquals(true, message.startsWith("malformed JSON: "), message);
        assertEquals(true, message.endsWith("(line 1, column 79)"), message);
    }

    @Test
    void theLimitIsAskedBeforeAllocating() {
        byte[] json = resources("\"A\": {\"initialValuesDataType\": \"UINT32\", \"initialValues\": [1, 2]},\n"
                + " \"B\": {\"initialValuesDataType\": \"UINT16\", \"initialValues\": [3, 4]}").getBytes(
                        StandardCharsets.UTF_8);
        ReadOptions twelve = new ReadOptions(ReadLimits.of(1000, 12), Optional.empty());
        assertEquals(Encoded.bytes(TensorDataType.UINT16, 2, 3, 0, 4, 0),
                ModelFiles.parse(json, "m.json", twelve).model().resources().get("B").initialValues());
        ReadOptions eleven = new ReadOptions(ReadLimits.of(1000, 11), Optional.empty());
        assertEquals("resources.B.initialValues: 2 UINT16 values need 4 bytes (12 bytes of inline values up to"
                + " here): more than the limit of 11 bytes (line 2, column 60)",
                assertThrows(ModelFormatException.class, () -> ModelFiles.parse(json, "m.json", eleven))
                        .getMessage());
    }
}

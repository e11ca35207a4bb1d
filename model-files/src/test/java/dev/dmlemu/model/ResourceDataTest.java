package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Initial values to little-endian bytes; expected bytes are written out by hand. */
class ResourceDataTest {

    private static byte[] bytes(TensorDataType type, String initialValues) {
        return bytes(type, initialValues, "");
    }

    private static byte[] bytes(TensorDataType type, String initialValues, String extra) {
        ModelFile model = ModelFiles.parse("{\"resources\": {\"R\": {\"initialValuesDataType\": \"" + type
                + "\", \"initialValues\": " + initialValues + extra + "}}, \"dispatchables\": {}, \"commands\": []}",
                null, "r");
        ByteBuffer buffer = ResourceData.materialize(model.resources().get("R"), null);
        assertEquals(ByteOrder.LITTLE_ENDIAN, buffer.order());
        assertEquals(0, buffer.position());
        byte[] out = new byte[buffer.remaining()];
        buffer.get(out);
        return out;
    }

    private static byte[] b(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    @Test
    void arraysOfIntegers() {
        assertArrayEquals(b(0xFF, 0x7F, 0x80, 0), bytes(TensorDataType.INT8, "[-1, 127, -128]"));
        assertArrayEquals(b(0xFF, 0, 0, 0), bytes(TensorDataType.UINT8, "[255]"));
        assertArrayEquals(b(0x34, 0x12, 0xFF, 0xFF), bytes(TensorDataType.UINT16, "[4660, 65535]"));
        assertArrayEquals(b(0x00, 0x80, 0, 0), bytes(TensorDataType.INT16, "[-32768]"));
        assertArrayEquals(b(0x78, 0x56, 0x34, 0x12, 0xFE, 0xFF, 0xFF, 0xFF),
                bytes(TensorDataType.INT32, "[305419896, -2]"));
        assertArrayEquals(b(0xFF, 0xFF, 0xFF, 0xFF), bytes(TensorDataType.UINT32, "[4294967295]"));
        assertArrayEquals(b(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0x80),
                bytes(TensorDataType.UINT64, "[18446744073709551615, 9223372036854775808]"));
        assertArrayEquals(b(0, 0, 0, 0, 0, 0, 0, 0x80), bytes(TensorDataType.INT64, "[-9223372036854775808]"));
        assertArrayEquals(b(3, 0, 0, 0), bytes(TensorDataType.UINT8, "[3.000]")); // integral though written 3.000
    }

    @Test
    void fourBitTypesPackTwoPerByteLowNibbleFirst() {
        assertArrayEquals(b(0x21, 0x03, 0, 0), bytes(TensorDataType.UINT4, "[1, 2, 3]"));
        assertArrayEquals(b(0x78, 0x0F, 0, 0), bytes(TensorDataType.INT4, "[-8, 7, -1]"));
        assertArrayEquals(b(0xFF, 0xFF, 0xFF, 0x0F), bytes(TensorDataType.UINT4, "[15, 15, 15, 15, 15, 15, 15]"));
    }

    @Test
    void floats() {
        // FLOAT32 1.5 = 0x3FC00000, -inf = 0xFF800000, nan = 0x7FC00000.
        assertArrayEquals(b(0, 0, 0xC0, 0x3F, 0, 0, 0x80, 0xFF, 0, 0, 0xC0, 0x7F),
                bytes(TensorDataType.FLOAT32, "[1.5, \"-inf\", \"nan\"]"));
        // FLOAT32 0.1 rounds to 0x3DCCCCCD.
        assertArrayEquals(b(0xCD, 0xCC, 0xCC, 0x3D), bytes(TensorDataType.FLOAT32, "[0.1]"));
        // FLOAT64 -2 = 0xC000000000000000, inf = 0x7FF0000000000000.
        assertArrayEquals(b(0, 0, 0, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0xF0, 0x7F),
                bytes(TensorDataType.FLOAT64, "[-2, \"inf\"]"));
    }

    @Test
    void float16DecimalsRoundToNearestEven() {
        // 0.1 → 0x2E66; 65504 → 0x7BFF; 2049 (tie) → 2048 = 0x6800; nan → 0x7E00; -inf → 0xFC00;
        // 1.00048828125000000001 (above the tie) → 0x3C01; 1e-8 (below half the smallest subnormal) → 0.
        assertArrayEquals(b(0x66, 0x2E, 0xFF, 0x7B, 0x00, 0x68, 0x00, 0x7E, 0x00, 0xFC, 0x01, 0x3C, 0, 0, 0, 0),
                bytes(TensorDataType.FLOAT16,
                        "[0.1, 65504, 2049, \"nan\", \"-inf\", 1.00048828125000000001, 1e-8]"));
        ModelFormatException tooBig = assertThrows(ModelFormatException.class,
                () -> bytes(TensorDataType.FLOAT16, "[65520]"));
        assertEquals("resources.R.initialValues[0]: 65520 is out of range for FLOAT16 (it rounds to infinity; the"
                + " largest finite FLOAT16 is 65504) (line 1, column 76)", tooBig.getMessage());
    }

    @Test
    void constants() {
        assertArrayEquals(b(0x01, 0x02, 0x01, 0x02, 0x01, 0x02, 0, 0),
                bytes(TensorDataType.UINT16, "{\"valueCount\": 3, \"value\": 513}"));
        assertArrayEquals(b(0x00, 0x3C, 0x00, 0x3C), bytes(TensorDataType.FLOAT16, "{\"valueCount\": 2, \"value\": 1}"));
        assertArrayEquals(new byte[0], bytes(TensorDataType.FLOAT32, "{\"valueCount\": 0, \"value\": 1}"));
    }

    @Test
    void sequencesAddInTheElementType() {
        assertArrayEquals(b(0xFE, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0, 4, 0, 0, 0),
                bytes(TensorDataType.INT32, "{\"valueCount\": 3, \"valueStart\": -2, \"valueDelta\": 3}"));
        // Element 3 is the float sum 0.2f + 0.1f, 0x3E99999A (the float nearest 0.3 too).
        byte[] seq = bytes(TensorDataType.FLOAT32, "{\"valueCount\": 4, \"valueStart\": 0, \"valueDelta\": 0.1}");
        assertEquals(0x3E99_999A, ByteBuffer.wrap(seq).order(ByteOrder.LITTLE_ENDIAN).getInt(12));
        assertEquals(0x3E4C_CCCD, ByteBuffer.wrap(seq).order(ByteOrder.LITTLE_ENDIAN).getInt(8)); // 0.2
        // Specials follow IEEE arithmetic: inf, inf + 1, ...
        assertArrayEquals(b(0x00, 0x7C, 0x00, 0x7C),
                bytes(TensorDataType.FLOAT16, "{\"valueCount\": 2, \"valueStart\": \"inf\", \"valueDelta\": 1}"));
        assertArrayEquals(b(0x00, 0x3C, 0x00, 0x7E),
                bytes(TensorDataType.FLOAT16, "{\"valueCount\": 2, \"valueStart\": 1, \"valueDelta\": \"nan\"}"));
    }

    @Test
    void sizeInBytesPadsAndRoundsUpToFour() {
        assertArrayEquals(b(1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                bytes(TensorDataType.UINT8, "[1, 2, 3]", ", \"sizeInBytes\": 10"));
        assertArrayEquals(b(1, 2, 3, 0), bytes(TensorDataType.UINT8, "[1, 2, 3]", ", \"sizeInBytes\": 3"));
        ResourceDecl tooSmall = new ResourceDecl(TensorDataType.INT32, new ArrayValues(List.of(Scalar.of(1),
                Scalar.of(2))), OptionalLong.of(4));
        ModelFormatException e = assertThrows(ModelFormatException.class,
                () -> ResourceData.materialize(tooSmall, null));
        assertEquals("sizeInBytes 4 is smaller than the initial data (8 bytes)", e.getMessage());
        ResourceDecl huge = new ResourceDecl(TensorDataType.UINT8, new ArrayValues(List.of()),
                OptionalLong.of(1L << 40));
        assertTrue(assertThrows(ModelFormatException.class, () -> ResourceData.materialize(huge, null)).getMessage()
                .contains("exceeds the 2 GiB"));
    }

    @Test
    void recordsBuiltInCodeAreCheckedToo() {
        ResourceDecl bad = new ResourceDecl(TensorDataType.UINT8, new ArrayValues(List.of(Scalar.of(256))),
                OptionalLong.empty());
        assertEquals("element 0: 256 is out of range for UINT8 (0..255)",
                assertThrows(ModelFormatException.class, () -> ResourceData.materialize(bad, null)).getMessage());
        assertEquals(3, ResourceData.initialElementCount(new ResourceDecl(TensorDataType.UINT8,
                new SequenceValues(3, Scalar.of(0), Scalar.of(1)), OptionalLong.empty())));
    }

    @Test
    void negativeZeroKeepsItsSignInFloatResourcesAndIsZeroInIntegerOnes() {
        // IEEE 754: -0.0f is 0x80000000, -0.0 is 0x8000000000000000, binary16 -0 is 0x8000.
        assertArrayEquals(b(0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x80),
                bytes(TensorDataType.FLOAT32, "[-0.0, 0.0, -0]"));
        assertArrayEquals(b(0, 0, 0, 0, 0, 0, 0, 0x80), bytes(TensorDataType.FLOAT64, "[-0.0]"));
        assertArrayEquals(b(0, 0x80, 0, 0), bytes(TensorDataType.FLOAT16, "[-0.0]"));
        assertArrayEquals(b(0, 0, 0, 0), bytes(TensorDataType.INT32, "[-0]"));
        assertArrayEquals(b(0, 0, 0, 0x80, 0, 0, 0, 0x80), bytes(TensorDataType.FLOAT32,
                "{\"valueCount\": 2, \"value\": -0.0}"));
    }

    @Test
    void negativeZeroSurvivesARoundTrip() {
        String json = "{\"resources\": {\"R\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": "
                + "[-0.0, 1]}}, \"dispatchables\": {}, \"commands\": []}";
        ModelFile model = ModelFiles.parse(json, null, "r");
        String written = ModelFiles.write(model);
        // Written as float literals: a reader that types numbers by their form keeps the sign and the type.
        assertTrue(written.contains("[ -0.0, 1.0 ]"), written);
        assertEquals(model, ModelFiles.parse(written, null, "r"));
    }
}

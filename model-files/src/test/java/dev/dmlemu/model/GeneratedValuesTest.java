package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.OptionalLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * Constants and sequences give, element by element, what DxDispatch writes (docs/directml-behaviour.md §9.1): an
 * integer sequence is the exact {@code start + i * delta}; a float sequence parses its operands to the nearest double,
 * narrows them to the element type and adds in that type, a FLOAT16 one through its half library's truncating
 * conversion. The references here are written from those facts and share no code with the generator: float and
 * double arithmetic of the JDK, and a half conversion by floor division. A sequence whose exact range check would be
 * unbounded is refused, not run.
 */
class GeneratedValuesTest {

    private static ByteBuffer materialize(String type, String initialValues) {
        ModelFile model = ModelFiles.parse("{\"resources\": {\"R\": {\"initialValuesDataType\": \"" + type
                + "\", \"initialValues\": " + initialValues + "}}, \"dispatchables\": {}, \"commands\": []}", null,
                "m.json");
        return ResourceData.materialize(model.resources().get("R")).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static String sequence(long count, String start, String delta) {
        return "{\"valueCount\": " + count + ", \"valueStart\": " + start + ", \"valueDelta\": " + delta + "}";
    }

    /** The issue's example: the docs' GatherElements input as a FLOAT16 sequence 1..9 (hand-encoded halves). */
    @Test
    void float16SequencesAreGenerated() {
        ByteBuffer bytes = materialize("FLOAT16", sequence(9, "1", "1"));
        int[] expected = {0x3C00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700, 0x4800, 0x4880};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], bytes.getShort(2 * i) & 0xFFFF, "element " + i);
        }
    }

    /**
     * 0.1 is the float 0x3DCCCCCD, truncated to the half 0x2E66 (0.0999755859375); doubling it is exact, and the
     * third element 0.2999267578125 truncates to 0x34CC. 0.3 alone is the float 0x3E99999A, whose half mantissa
     * 204.8 truncates to 204 (0x34CC) where rounding to nearest would give 0x34CD.
     */
    @Test
    void float16SequencesTruncateAsDxDispatchsHalfLibraryDoes() {
        ByteBuffer tenths = materialize("FLOAT16", sequence(4, "0", "0.1"));
        assertEquals(0x0000, tenths.getShort(0) & 0xFFFF);
        assertEquals(0x2E66, tenths.getShort(2) & 0xFFFF);
        assertEquals(0x3266, tenths.getShort(4) & 0xFFFF);
        assertEquals(0x34CC, tenths.getShort(6) & 0xFFFF);
        ByteBuffer point3 = materialize("FLOAT16", sequence(2, "0.3", "0"));
        assertEquals(0x34CC, point3.getShort(0) & 0xFFFF);
        assertEquals(0x34CC, point3.getShort(2) & 0xFFFF);
        // Below 2^-14 a half is subnormal: 0.00001 is 167.77 units of 2^-24, truncated to 167 (0x00A7).
        assertEquals(0x00A7, materialize("FLOAT16", sequence(1, "0.00001", "0")).getShort(0) & 0xFFFF);
        // -1.5 then -1.5 + 0.25 = -1.25: the sign is kept (0xBE00, 0xBD00).
        ByteBuffer negative = materialize("FLOAT16", sequence(2, "-1.5", "0.25"));
        assertEquals(0xBE00, negative.getShort(0) & 0xFFFF);
        assertEquals(0xBD00, negative.getShort(2) & 0xFFFF);
    }

    @Property(tries = 300)
    void float16SequencesMatchTheReference(@ForAll @LongRange(min = -999, max = 999) long startDigits,
            @ForAll @LongRange(min = -999, max = 999) long deltaDigits, @ForAll @IntRange(min = 0, max = 4) int scale,
            @ForAll @IntRange(min = 1, max = 50) int count) {
        String start = BigDecimal.valueOf(startDigits, scale).toPlainString();
        String delta = BigDecimal.valueOf(deltaDigits, Math.max(0, scale - 1)).toPlainString();
        ByteBuffer bytes = materialize("FLOAT16", sequence(count, start, delta));
        int value = truncatedHalf((float) Double.parseDouble(start));
        float step = halfValue(truncatedHalf((float) Double.parseDouble(delta)));
        for (int i = 0; i < count; i++) {
            assertEquals(value, bytes.getShort(2 * i) & 0xFFFF, "element " + i);
            value = truncatedHalf(halfValue(value) + step);
        }
    }

    /** Ten additions of the float 0.1 give 1.0000001 (0x3F800001), not 1: DxDispatch accumulates in float. */
    @Test
    void float32SequencesAccumulateInFloat() {
        ByteBuffer bytes = materialize("FLOAT32", sequence(11, "0", "0.1"));
        assertEquals(0x3DCC_CCCD, bytes.getInt(4));
        assertEquals(0x3F80_0001, bytes.getInt(40));
    }

    /** Ten additions of the double 0.1 give 0.9999999999999999 (0x3FEFFFFFFFFFFFFF). */
    @Test
    void float64SequencesAccumulateInDouble() {
        ByteBuffer bytes = materialize("FLOAT64", sequence(11, "0", "0.1"));
        assertEquals(0x3FB9_9999_9999_999AL, bytes.getLong(8));
        assertEquals(0x3FEF_FFFF_FFFF_FFFFL, bytes.getLong(80));
    }

    @Property(tries = 300)
    void float32SequencesMatchTheReference(@ForAll @LongRange(min = -99_999, max = 99_999) long startDigits,
            @ForAll @LongRange(min = -99_999, max = 99_999) long deltaDigits,
            @ForAll @IntRange(min = 0, max = 12) int scale, @ForAll @IntRange(min = 1, max = 200) int count) {
        String start = BigDecimal.valueOf(startDigits, scale).toPlainString();
        String delta = BigDecimal.valueOf(deltaDigits, Math.max(0, scale - 2)).toPlainString();
        ByteBuffer bytes = materialize("FLOAT32", sequence(count, start, delta));
        float value = (float) Double.parseDouble(start);
        float step = (float) Double.parseDouble(delta);
        for (int i = 0; i < count; i++) {
            assertEquals(Float.floatToRawIntBits(value), bytes.getInt(4 * i), "element " + i);
            value += step;
        }
    }

    @Property(tries = 200)
    void float64SequencesMatchTheReference(@ForAll @LongRange(min = -999_999_999, max = 999_999_999) long start,
            @ForAll @LongRange(min = -999_999, max = 999_999) long delta,
            @ForAll @IntRange(min = 0, max = 20) int scale, @ForAll @IntRange(min = 1, max = 100) int count) {
        String first = BigDecimal.valueOf(start, scale).toString();
        String step = BigDecimal.valueOf(delta, scale).toString();
        ByteBuffer bytes = materialize("FLOAT64", sequence(count, first, step));
        double value = Double.parseDouble(first);
        for (int i = 0; i < count; i++) {
            assertEquals(Double.doubleToRawLongBits(value), bytes.getLong(8 * i), "element " + i);
            value += Double.parseDouble(step);
        }
    }

    /** Eighty digits are parsed once: 2^25 elements take one float addition each (seconds before, a minute today). */
    @Test
    void manyDigitsDoNotSlowAFloatSequence() {
        String digits = "1." + "3".repeat(78);
        ByteBuffer bytes = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> materialize("FLOAT32", sequence(1 << 25, digits, "0." + "0".repeat(70) + "123456789")));
        assertEquals(Float.floatToRawIntBits(1.3333334f), bytes.getInt(0));
    }

    /**
     * The half truncation DxDispatch's library does, from its definition: toward zero in units of the half's last
     * place, infinity from 2^16 up.
     */
    private static int truncatedHalf(float f) {
        int sign = Float.floatToRawIntBits(f) < 0 ? 0x8000 : 0;
        double a = Math.abs((double) f);
        if (a >= 65536) {
            return sign | 0x7C00;
        }
        if (a >= 0x1p-14) {
            int e = Math.getExponent(a);
            return sign | ((e + 15) << 10) | (int) Math.floor((a / Math.scalb(1.0, e) - 1) * 1024);
        }
        return sign | (int) Math.floor(a * 0x1p24);
    }

    /** A finite half's value, from the format's definition. */
    private static float halfValue(int bits) {
        int e = (bits >> 10) & 0x1F;
        int m = bits & 0x3FF;
        double magnitude = e == 0 ? m * 0x1p-24 : (1024 + m) * Math.scalb(1.0, e - 25);
        return (float) ((bits & 0x8000) != 0 ? -magnitude : magnitude);
    }

    @Test
    void integerSequencesStepExactlyAcrossTheWholeRange() {
        ByteBuffer uint64 = materialize("UINT64", sequence(3, "18446744073709551613", "1"));
        assertEquals(-3L, uint64.getLong(0));
        assertEquals(-2L, uint64.getLong(8));
        assertEquals(-1L, uint64.getLong(16));
        ByteBuffer int8 = materialize("INT8", sequence(4, "127", "-85"));
        assertEquals(127, int8.get(0));
        assertEquals(42, int8.get(1));
        assertEquals(-43, int8.get(2));
        assertEquals(-128, int8.get(3));
        // 1.000 and 2.0e0 are integers.
        ByteBuffer uint8 = materialize("UINT8", sequence(3, "1.000", "2.0e0"));
        assertEquals(1, uint8.get(0));
        assertEquals(5, uint8.get(2));
    }

    /** Every other integer type at the ends of its range (values and packing by hand). */
    @Test
    void everyIntegerTypeSteps() {
        ByteBuffer uint8 = materialize("UINT8", sequence(3, "251", "2"));
        assertEquals(251, uint8.get(0) & 0xFF);
        assertEquals(255, uint8.get(2) & 0xFF);
        ByteBuffer uint16 = materialize("UINT16", sequence(3, "65533", "1"));
        assertEquals(65535, uint16.getShort(4) & 0xFFFF);
        ByteBuffer int16 = materialize("INT16", sequence(2, "-32768", "32767"));
        assertEquals(-32768, int16.getShort(0));
        assertEquals(-1, int16.getShort(2));
        ByteBuffer uint32 = materialize("UINT32", sequence(3, "4294967291", "2"));
        assertEquals(0xFFFF_FFFD, uint32.getInt(4));
        assertEquals(0xFFFF_FFFF, uint32.getInt(8));
        ByteBuffer int32 = materialize("INT32", sequence(2, "2147483647", "-2147483647"));
        assertEquals(Integer.MAX_VALUE, int32.getInt(0));
        assertEquals(0, int32.getInt(4));
        ByteBuffer int64 = materialize("INT64", sequence(2, "-9223372036854775808", "9223372036854775807"));
        assertEquals(Long.MIN_VALUE, int64.getLong(0));
        assertEquals(-1L, int64.getLong(8));
        // UINT4 0, 5, 10, 15: bytes 0x50, 0xFA (even element low). INT4 -8, -3, 2: nibbles 8, D, 2.
        ByteBuffer uint4 = materialize("UINT4", sequence(4, "0", "5"));
        assertEquals((byte) 0x50, uint4.get(0));
        assertEquals((byte) 0xFA, uint4.get(1));
        ByteBuffer int4 = materialize("INT4", sequence(3, "-8", "5"));
        assertEquals((byte) 0xD8, int4.get(0));
        assertEquals((byte) 0x02, int4.get(1));
    }

    /** Constants of the float types, with values every conversion gives alike (hand-encoded). */
    @Test
    void floatConstants() {
        ByteBuffer half = materialize("FLOAT16", "{\"valueCount\": 3, \"value\": 1.5}");
        assertEquals(0x3E00, half.getShort(4) & 0xFFFF);
        ByteBuffer single = materialize("FLOAT32", "{\"valueCount\": 3, \"value\": -2.5}");
        assertEquals(0xC020_0000, single.getInt(8));
        ByteBuffer dbl = materialize("FLOAT64", "{\"valueCount\": 2, \"value\": 0.5}");
        assertEquals(0x3FE0_0000_0000_0000L, dbl.getLong(8));
    }

    @Test
    void aFractionalStepIsRefusedAtTheFirstFractionalElement() {
        // The reader refuses a fractional step for an integer type; a desc built in code meets the same rule.
        ResourceDecl decl = new ResourceDecl(TensorDataType.INT32,
                new SequenceValues(3, Scalar.of(1), Scalar.of("0.5")), OptionalLong.empty());
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> ResourceData.materialize(decl));
        assertTrue(e.getMessage().contains("element 1: 1.5 is not an integer, as INT32 needs"), e.getMessage());
    }

    @Test
    void constantsAreCopiedWhole() {
        ByteBuffer int16 = materialize("INT16", "{\"valueCount\": 5, \"value\": -2}");
        for (int i = 0; i < 5; i++) {
            assertEquals(-2, int16.getShort(2 * i), "element " + i);
        }
        assertEquals(12, int16.capacity(), "10 bytes of data padded to 4");
        assertEquals(0, int16.getShort(10));
        // UINT4: two per byte, the even element low; 5 elements leave the last high nibble empty.
        ByteBuffer uint4 = materialize("UINT4", "{\"valueCount\": 5, \"value\": 9}");
        assertEquals((byte) 0x99, uint4.get(0));
        assertEquals((byte) 0x99, uint4.get(1));
        assertEquals((byte) 0x09, uint4.get(2));
    }

    @Test
    void unboundedSequencesAreRefusedWhenRead() {
        ModelFormatException e = assertThrows(ModelFormatException.class,
                () -> materialize("FLOAT32", sequence(2, "1e-600000000", "1")));
        assertEquals("resources.R.initialValues: valueStart 1E-600000000 and valueDelta 1 need 600000001 digits at a"
                + " common scale, more than the 80 a sequence may have (its range is checked exactly); write them with fewer"
                + " digits, or give the values as an array (line 1, column 75)", e.getMessage());
        // 80 digits are enough: 1e-79 and 1.
        assertEquals(Float.floatToRawIntBits(1f), materialize("FLOAT32", sequence(2, "1e-79", "1")).getInt(4));
    }
}

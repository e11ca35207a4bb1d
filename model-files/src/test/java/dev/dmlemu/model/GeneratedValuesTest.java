package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteOrder;
import java.util.OptionalLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * Constants and sequences give, element by element, the exact decimal {@code start + i * delta} rounded once, however
 * they are computed; the reference here is the JDK's own exact rounding ({@link BigDecimal#floatValue()},
 * {@link BigDecimal#doubleValue()}). And a sequence whose exact arithmetic would be unbounded is refused, not run.
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

    /** Starts and steps of a few decimal digits, where the sequence is computed through doubles. */
    @Property(tries = 300)
    void float32SequencesRoundEachElementOnce(@ForAll @LongRange(min = -99_999, max = 99_999) long startDigits,
            @ForAll @LongRange(min = -99_999, max = 99_999) long deltaDigits,
            @ForAll @IntRange(min = 0, max = 12) int scale, @ForAll @IntRange(min = 1, max = 200) int count) {
        BigDecimal start = BigDecimal.valueOf(startDigits, scale);
        BigDecimal delta = BigDecimal.valueOf(deltaDigits, Math.max(0, scale - 2));
        ByteBuffer bytes = materialize("FLOAT32", sequence(count, start.toPlainString(), delta.toPlainString()));
        for (int i = 0; i < count; i++) {
            float expected = start.add(delta.multiply(BigDecimal.valueOf(i))).floatValue();
            assertEquals(Float.floatToRawIntBits(expected), bytes.getInt(4 * i), "element " + i);
        }
    }

    @Property(tries = 200)
    void float64SequencesRoundEachElementOnce(@ForAll @LongRange(min = -999_999_999, max = 999_999_999) long start,
            @ForAll @LongRange(min = -999_999, max = 999_999) long delta,
            @ForAll @IntRange(min = 0, max = 20) int scale, @ForAll @IntRange(min = 1, max = 100) int count) {
        BigDecimal first = BigDecimal.valueOf(start, scale);
        BigDecimal step = BigDecimal.valueOf(delta, scale);
        ByteBuffer bytes = materialize("FLOAT64", sequence(count, first.toString(), step.toString()));
        for (int i = 0; i < count; i++) {
            double expected = first.add(step.multiply(BigDecimal.valueOf(i))).doubleValue();
            assertEquals(Double.doubleToRawLongBits(expected), bytes.getLong(8 * i), "element " + i);
        }
    }

    @Test
    void manyDigitsTakeTheExactPathAndAgree() {
        // 0.1 + i * 0.3333333333333333333333333: 25 digits, beyond doubles.
        BigDecimal start = new BigDecimal("0.1");
        BigDecimal delta = new BigDecimal("0.3333333333333333333333333");
        ByteBuffer bytes = materialize("FLOAT32", sequence(1000, "0.1", delta.toPlainString()));
        for (int i = 0; i < 1000; i++) {
            float expected = start.add(delta.multiply(BigDecimal.valueOf(i))).floatValue();
            assertEquals(Float.floatToRawIntBits(expected), bytes.getInt(4 * i), "element " + i);
        }
    }

    @Test
    void float32MidpointsOfTheDoubleAreRoundedFromTheExactDecimal() {
        // 16777217 = 2^24 + 1 is a float midpoint (between 2^24 and 2^24 + 2) and an exact double: ties to even
        // give 2^24. 16777219 is the midpoint above 2^24 + 2: ties to even give 2^24 + 4.
        ByteBuffer bytes = materialize("FLOAT32", sequence(4, "16777216", "1"));
        assertEquals(16777216f, bytes.getFloat(0));
        assertEquals(16777216f, bytes.getFloat(4));
        assertEquals(16777218f, bytes.getFloat(8));
        assertEquals(16777220f, bytes.getFloat(12));
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
                + " common scale, more than the 80 a sequence may have (it is computed exactly); write them with fewer"
                + " digits, or give the values as an array (line 1, column 75)", e.getMessage());
        // 80 digits are enough: 1e-79 and 1.
        assertEquals(Float.floatToRawIntBits(1f), materialize("FLOAT32", sequence(2, "1e-79", "1")).getInt(4));
    }
}

package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * FLOAT16 arrays, constants and records built in code convert a JSON number as DxDispatch does
 * (docs/directml-behaviour.md §9.1): the nearest double, narrowed to the nearest float, then truncated toward zero to
 * a half, infinity from 2^16 on. Every expected bit pattern below is worked out by hand from that rule:
 *
 * <ul>
 *   <li>a normal float (biased exponent e from 113 to 142) keeps its sign, gets the half exponent e - 112 and the top
 *       ten of its 23 mantissa bits;</li>
 *   <li>a float below 2^-14 becomes a subnormal: its magnitude in whole units of 2^-24, rounded down;</li>
 *   <li>0.3 is the float 0x3E99999A (e = 125, mantissa 0x19999A): half exponent 13, mantissa 0x19999A / 2^13 = 204.8,
 *       so 204: 0x3400 | 0xCC = 0x34CC (to nearest: 0x34CD).</li>
 * </ul>
 */
class Float16InitialValuesTest {

    private static ModelFile parse(String initialValues) {
        return ModelFiles.parse("{\"resources\": {\"R\": {\"initialValuesDataType\": \"FLOAT16\", \"initialValues\": "
                + initialValues + "}}, \"dispatchables\": {}, \"commands\": []}", null, "r");
    }

    private static int[] halves(ResourceDecl decl) {
        ByteBuffer bytes = ResourceData.materialize(decl, null).order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[(int) ResourceData.initialElementCount(decl)];
        for (int i = 0; i < out.length; i++) {
            out[i] = bytes.getShort(2 * i) & 0xFFFF;
        }
        return out;
    }

    private static int array1(String value) {
        return halves(parse("[" + value + "]").resources().get("R"))[0];
    }

    private static int constant(String value) {
        int[] two = halves(parse("{\"valueCount\": 2, \"value\": " + value + "}").resources().get("R"));
        assertEquals(two[0], two[1], "a constant repeats one value");
        return two[0];
    }

    private static int builtInCode(String value) {
        Scalar scalar = SpecialScalar.fromJsonText(value) != null ? SpecialScalar.fromJsonText(value)
                : Scalar.of(value);
        return halves(new ResourceDecl(TensorDataType.FLOAT16, new ArrayValues(List.of(scalar)),
                OptionalLong.empty()))[0];
    }

    /** JSON text as written in a model, and the half DxDispatch stores for it, in an array and as a constant. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        // Ordinary values that truncation and rounding to nearest take apart.
        "0.3                     | 0x34CC",   // see the class comment; to nearest 0x34CD
        "-0.3                    | 0xB4CC",   // the same with the sign bit; to nearest 0xB4CD
        "0.1                     | 0x2E66",   // float 0x3DCCCCCD: e 123 -> 11 (0x2C00), 0x4CCCCD / 2^13 = 614.4 -> 0x266
        "2051                    | 0x6801",   // halves step by 2 in [2048, 4096): 2050; to nearest (a tie) 2052
        "-2049.9                 | 0xE800",   // toward zero: -2048; to nearest -2050 (0xE801)
        "1.00048828125000000001  | 0x3C00",   // the double is the tie 1 + 2^-11 exactly, which truncates to 1
        "0.99999999              | 0x3C00",   // the nearest float is 1.0 (1e-8 < 2^-25): narrowing to float comes first
        // The top of the range: [65504, 65536) truncates to 65504; the float 65536 and above are infinity.
        "65504                   | 0x7BFF",
        "65519                   | 0x7BFF",
        "65520                   | 0x7BFF",   // to nearest this is infinity, and the reader refused it
        "65535                   | 0x7BFF",
        "65535.998               | 0x7BFF",   // the nearest float is 65536 - 2^-8
        "-65535                  | 0xFBFF",
        // Subnormals: whole units of 2^-24 = 5.9604644775390625e-8.
        "1e-7                    | 0x0001",   // 1.68 units; to nearest 2
        "0.00001                 | 0x00A7",   // 167.77 units; to nearest 168 (0x00A8)
        "5.9e-8                  | 0x0000",   // 0.99 units; to nearest 1
        "-1e-7                   | 0x8001",
        "-1e-10                  | 0x8000",   // below one unit: zero, with the sign kept
        "1e-8                    | 0x0000",
        // Zeros: RapidJSON parses -0 as the integer 0, and -0.0 / -0e0 as the double -0.0.
        "-0.0                    | 0x8000",
        "-0e0                    | 0x8000",
        "-0                      | 0x0000",
        "0.0                     | 0x0000",
        // The strings: float infinities and the float quiet NaN 0x7FC00000, whose top ten mantissa bits give 0x200.
        "'\"nan\"'               | 0x7E00",
        "'\"NaN\"'               | 0x7E00",
        "'\"inf\"'               | 0x7C00",
        "'\"-inf\"'              | 0xFC00",
        "'\"-INF\"'              | 0xFC00"})
    void arraysAndConstantsConvertAsDxDispatch(String json, String bits) {
        int expected = Integer.decode(bits);
        assertEquals(expected, array1(json), "array");
        assertEquals(expected, constant(json), "constant");
        String unquoted = json.startsWith("\"") ? json.substring(1, json.length() - 1) : json;
        assertEquals(expected, builtInCode(unquoted), "ArrayValues built in code");
    }

    /** The same rule through the tree the reader builds for a whole array, whatever path each value takes. */
    @Test
    void aMixedArrayGivesEveryValueItsOwnBits() {
        assertEquals(List.of(0x34CC, 0x8000, 0x0000, 0x7BFF, 0x0001, 0x7E00, 0xB4CC),
                java.util.Arrays.stream(halves(parse("[0.3, -0.0, -0, 65520, 1e-7, \"nan\", -0.3]")
                        .resources().get("R"))).boxed().toList());
    }

    /** A sequence's operands convert the same way (its additions are GeneratedValuesTest's). */
    @Test
    void sequenceOperandsConvertTheSameWay() {
        assertEquals(List.of(0x8000, 0x8000), java.util.Arrays.stream(halves(parse(
                "{\"valueCount\": 2, \"valueStart\": -0.0, \"valueDelta\": -0.0}").resources().get("R"))).boxed()
                .toList());
        assertEquals(0x0000, halves(parse("{\"valueCount\": 1, \"valueStart\": -0, \"valueDelta\": 0}")
                .resources().get("R"))[0]);
        // 65520 + 0: the exact last element is 65520, which DxDispatch writes as 65504.
        assertEquals(List.of(0x7BFF, 0x7BFF), java.util.Arrays.stream(halves(parse(
                "{\"valueCount\": 2, \"valueStart\": 65520, \"valueDelta\": 0}").resources().get("R"))).boxed()
                .toList());
    }

    /**
     * What DxDispatch would make infinity is refused, as a FLOAT32 value beyond its range is: the float 65536 and
     * above. 65535.998046875 is the midpoint between the floats 65536 - 2^-8 and 65536, a tie that goes to the even
     * 65536.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"65536 | inf, 0x7C00", "1e6 | inf, 0x7C00", "-1e6 | -inf, 0xFC00",
        "65535.998046875 | inf, 0x7C00"})
    void valuesDxDispatchWouldMakeInfiniteAreRefused(String json, String written) {
        String expected = json + " is out of range for FLOAT16 (DxDispatch would write " + written + ": its"
                + " conversion truncates toward zero, and gives infinity for magnitudes from 65535.998046875 on; the"
                + " largest finite FLOAT16, 65504, is what it writes below that)";
        ModelFormatException array = assertThrows(ModelFormatException.class, () -> parse("[1, " + json + "]"));
        assertEquals("resources.R.initialValues[1]: " + expected + " (line 1, column "
                + (79) + ")", array.getMessage());
        ModelFormatException constant = assertThrows(ModelFormatException.class,
                () -> parse("{\"valueCount\": 2, \"value\": " + json + "}"));
        assertEquals("resources.R.initialValues.value: " + expected, constant.getMessage().replaceAll(" \\(line.*",
                ""));
        ModelFormatException operand = assertThrows(ModelFormatException.class,
                () -> parse("{\"valueCount\": 1, \"valueStart\": " + json + ", \"valueDelta\": 0}"));
        assertEquals("resources.R.initialValues.valueStart: " + expected,
                operand.getMessage().replaceAll(" \\(line.*", ""));
    }

    /** A sequence is refused when its exact last element is such a value: 65000 + 2 * 268 = 65536. */
    @Test
    void aSequenceEndingWhereDxDispatchWouldWriteInfinityIsRefused() {
        ModelFormatException e = assertThrows(ModelFormatException.class,
                () -> parse("{\"valueCount\": 3, \"valueStart\": 65000, \"valueDelta\": 268}"));
        assertEquals("resources.R.initialValues: element 2 of the sequence: 65536 is out of range for FLOAT16"
                + " (DxDispatch would write inf, 0x7C00: its conversion truncates toward zero, and gives infinity for"
                + " magnitudes from 65535.998046875 on; the largest finite FLOAT16, 65504, is what it writes below"
                + " that)", e.getMessage().replaceAll(" \\(line.*", ""));
        // Ending at 65535 instead, it is written as DxDispatch writes it: 65000 truncates to 64992 (halves step by 32
        // from 32768 on: 0x7800 | (64992 - 32768) / 32 = 0x7BEF), 267.5 is a half, 64992 + 267.5 = 65259.5 truncates
        // to 65248 (0x7BF7), then 65248 + 267.5 = 65515.5 to 65504 (0x7BFF).
        assertEquals(List.of(0x7BEF, 0x7BF7, 0x7BFF), java.util.Arrays.stream(halves(parse(
                "{\"valueCount\": 3, \"valueStart\": 65000, \"valueDelta\": 267.5}").resources().get("R")))
                .boxed().toList());
    }
}

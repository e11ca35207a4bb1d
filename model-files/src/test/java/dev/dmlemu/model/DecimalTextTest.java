package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DecimalTextTest {

    // Expected texts are C's printf("%g"), which is what C++ ostream prints by default.
    @ParameterizedTest
    @CsvSource({
        "4.0, 4", "0.1, 0.1", "1234567.0, 1.23457e+06", "1e-5, 1e-05", "0.0001, 0.0001", "123456.0, 123456",
        "1e6, 1e+06", "-2.5, -2.5", "3.14159265, 3.14159", "999999.5, 1e+06", "0.000123456789, 0.000123457",
        "1.5e300, 1.5e+300", "-0.0, -0", "100.0, 100", "0.30000001192092896, 0.3", "NaN, nan",
        "-Infinity, -inf", "Infinity, inf"})
    void printsLikeCppOstream(double value, String expected) {
        assertEquals(expected, DecimalText.cppDefault(value));
    }

    @ParameterizedTest
    @CsvSource({
        "4.0, 4.0", "0.1, 0.1", "-0.0, -0.0", "0.0, 0.0", "1e30, 1e+30", "8.41e21, 8.41e+21", "1e-7, 1e-7",
        "123.456, 123.456", "2.5e-6, 0.0000025", "1.7976931348623157e308, 1.7976931348623157e+308",
        "1e20, 100000000000000000000.0", "-3.0, -3.0"})
    void writesTheShortestRoundTripDouble(double value, String expected) {
        assertEquals(expected, DecimalText.shortestDouble(value));
        assertEquals(Double.doubleToRawLongBits(value), Double.doubleToRawLongBits(Double.parseDouble(expected)));
    }

    @ParameterizedTest
    @CsvSource({"0.1, 0.1", "3.4028235e38, 3.4028235e+38", "1.0e-45, 1e-45", "16777216, 16777216.0", "-7.5, -7.5",
        "-0.0, -0.0"})
    void writesTheShortestRoundTripFloat(float value, String expected) {
        assertEquals(expected, DecimalText.shortestFloat(value));
        assertEquals(Float.floatToRawIntBits(value), Float.floatToRawIntBits(Float.parseFloat(expected)));
    }

    /**
     * A FLOAT16 is written so that it reads back both to nearest and under DxDispatch's truncation of the nearest
     * float (docs/directml-behaviour.md §9.1), so never below its value. By hand (halves in [0.25, 0.5) step by
     * 2^-12): 0x34CD is 0.300048828125, and 0.3 truncates to 0x34CC, while 0.3001 is within half a step above it;
     * 0x34CC is 0.2998046875, and 0.2998 truncates to 0x34CB (0.299560546875) while 0.2999 reads
     * as 0x34CC both ways; 0x7BFF is 65504, and 65500 truncates to 0x7BFE (65472); 0x3555 is 0.333251953125;
     * 0x0001 is 2^-24 = 5.96e-8, and 6e-8 is 1.0066 units of it.
     */
    @ParameterizedTest
    @CsvSource({"0x34CD, 0.3001", "0x34CC, 0.2999", "0x7BFF, 65510.0", "0xFBFF, -65510.0", "0x3555, 0.3333",
        "0x0001, 6e-8", "0x2E66, 0.1", "0x8000, -0.0", "0x0000, 0.0", "0x3C00, 1.0", "0xC100, -2.5"})
    void writesTheShortestFloat16ThatReadsBackEitherWay(String bits, String expected) {
        assertEquals(expected, DecimalText.shortestFloat16((short) (int) Integer.decode(bits)));
    }
}

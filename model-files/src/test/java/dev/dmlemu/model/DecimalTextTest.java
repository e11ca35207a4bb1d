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
}

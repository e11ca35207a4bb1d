package dev.dmlemu.conformance.realdml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Expected strings are what C's printf prints for these values (glibc, checked by hand against the C standard). */
class CFormatTest {

    @Test
    void float32AsPercentPoint9g() {
        assertEquals("4", CFormat.g(4.0f, 9));
        assertEquals("0.100000001", CFormat.g(0.1f, 9));
        assertEquals("-0", CFormat.g(-0.0f, 9));
        assertEquals("1e+10", CFormat.g(1e10f, 9));
        assertEquals("123456792", CFormat.g(123456789f, 9));
        assertEquals("1.23456794e+09", CFormat.g(1234567936f, 9));
        assertEquals("3.40282347e+38", CFormat.g(Float.MAX_VALUE, 9));
        assertEquals("1.40129846e-45", CFormat.g(Float.MIN_VALUE, 9));
        assertEquals("-inf", CFormat.g(Float.NEGATIVE_INFINITY, 9));
        assertEquals("nan", CFormat.g(Float.NaN, 9));
        assertEquals("2.5", CFormat.g(2.5f, 9));
    }

    @Test
    void float64AsPercentPoint17g() {
        assertEquals("0.10000000000000001", CFormat.g(0.1, 17));
        assertEquals("1", CFormat.g(1.0, 17));
        assertEquals("1.7976931348623157e+308", CFormat.g(Double.MAX_VALUE, 17));
    }
}

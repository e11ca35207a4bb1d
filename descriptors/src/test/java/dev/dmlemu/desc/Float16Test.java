package dev.dmlemu.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Float16Test {

    /** Naive reference for a half's value, straight from the IEEE 754 binary16 definition. */
    private static double reference(int bits) {
        int sign = (bits >> 15) & 1;
        int exponent = (bits >> 10) & 0x1F;
        int mantissa = bits & 0x3FF;
        double magnitude = exponent == 0 ? Math.scalb((double) mantissa, -24)
                : Math.scalb(1.0 + mantissa / 1024.0, exponent - 15);
        return sign == 1 ? -magnitude : magnitude;
    }

    @Test
    void everyPatternConvertsExactlyAndRoundTrips() {
        int nans = 0;
        for (int pattern = 0; pattern < 0x10000; pattern++) {
            final int b = pattern;
            short bits = (short) b;
            float f = Float16.toFloat(bits);
            int exponent = (b >> 10) & 0x1F;
            if (exponent == 0x1F && (b & 0x3FF) != 0) {
                assertTrue(Float.isNaN(f));
                assertTrue(Float16.isNaN(bits));
                nans++;
                continue;
            }
            assertFalse(Float16.isNaN(bits));
            if (exponent == 0x1F) {
                assertEquals((b & 0x8000) == 0 ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY, f);
                assertTrue(Float16.isInfinite(bits));
            } else {
                assertEquals(reference(b), f, 0.0, () -> Integer.toHexString(b));
                assertTrue(Float16.isFinite(bits));
            }
            // Same bits, including the sign of zero.
            assertEquals(Float.floatToRawIntBits((float) reference(b)) >>> 31, Float.floatToRawIntBits(f) >>> 31);
            assertEquals(bits, Float16.fromFloat(f), () -> Integer.toHexString(b));
            if (Float16.isFinite(bits) && (b & 0x7FFF) != 0) {
                assertEquals(bits, Float16.fromBigDecimal(new BigDecimal(f)), () -> Integer.toHexString(b));
            }
        }
        assertEquals(2 * 1023, nans);
    }

    @Test
    void everyMidpointRoundsToTheEvenNeighbour() {
        for (int pattern = 0; pattern < 0x7BFF; pattern++) {
            final int b = pattern;
            double low = reference(b);
            double high = reference(b + 1);
            double mid = (low + high) / 2; // exact: halves have 11 significant bits
            short expected = (short) ((b & 1) == 0 ? b : b + 1);
            assertEquals(expected, Float16.fromDouble(mid), () -> "midpoint after 0x" + Integer.toHexString(b));
            assertEquals(expected, Float16.fromBigDecimal(new BigDecimal(mid)));
            assertEquals((short) (expected | 0x8000), Float16.fromDouble(-mid));
            // Just off the midpoint decides by distance.
            assertEquals((short) b, Float16.fromDouble(Math.nextDown(mid)));
            assertEquals((short) (b + 1), Float16.fromDouble(Math.nextUp(mid)));
        }
    }

    @Test
    void documentedTiesAndLimits() {
        assertEquals((short) 0x3C00, Float16.fromBigDecimal(new BigDecimal("1.00048828125")));   // 1 + 2^-11: tie → 1
        assertEquals((short) 0x3C02, Float16.fromBigDecimal(new BigDecimal("1.00146484375")));   // 1 + 3*2^-11 → 1+2^-9
        assertEquals((short) 0x6800, Float16.fromBigDecimal(new BigDecimal("2049")));           // tie → 2048
        assertEquals((short) 0x6802, Float16.fromBigDecimal(new BigDecimal("2051")));           // tie → 2052
        assertEquals((short) 0x7BFF, Float16.fromBigDecimal(new BigDecimal("65504")));
        assertEquals((short) 0x7BFF, Float16.fromBigDecimal(new BigDecimal("65519.99999")));
        assertEquals(Float16.POSITIVE_INFINITY, Float16.fromBigDecimal(new BigDecimal("65520"))); // tie → even = inf
        assertEquals(Float16.NEGATIVE_INFINITY, Float16.fromBigDecimal(new BigDecimal("-1e10")));
        assertEquals((short) 0x0001, Float16.fromBigDecimal(new BigDecimal("5.9604644775390625E-8"))); // 2^-24
        assertEquals((short) 0x0000, Float16.fromBigDecimal(new BigDecimal("2.98023223876953125E-8"))); // 2^-25 tie → 0
        assertEquals((short) 0x0001, Float16.fromBigDecimal(new BigDecimal("2.98023223876953126E-8")));
        assertEquals((short) 0x0002, Float16.fromBigDecimal(new BigDecimal("8.94069671630859375E-8"))); // 3*2^-25 → 2
        assertEquals((short) 0x0400, Float16.fromBigDecimal(new BigDecimal("6.103515625E-5")));      // min normal
        assertEquals((short) 0x3555, Float16.fromBigDecimal(new BigDecimal("0.333333333333")));
        assertEquals((short) 0x2E66, Float16.fromBigDecimal(new BigDecimal("0.1")));  // 0.0999755859375
        assertEquals((short) 0x0000, Float16.fromBigDecimal(new BigDecimal("1e-999999999")));
        assertEquals((short) 0x8000, Float16.fromDouble(-0.0));
        assertEquals(Float16.NaN, Float16.fromDouble(Double.NaN));
        assertTrue(Float16.isInRange(new BigDecimal("-65519.9")));
        assertFalse(Float16.isInRange(new BigDecimal("65520")));
    }

    @Test
    void decidesAgainstTheExactDecimalNotADouble() {
        // 1 + 2^-11 + 1e-20 is above the tie, so it rounds up; as a double it collapses onto the tie and rounds down.
        BigDecimal justAboveTie = new BigDecimal("1.00048828125000000001");
        assertEquals((short) 0x3C01, Float16.fromBigDecimal(justAboveTie));
        assertEquals((short) 0x3C00, Float16.fromDouble(justAboveTie.doubleValue()));
        BigDecimal justBelowTie = new BigDecimal("2050.99999999999999999"); // tie 2051 → 2052, but this is below
        assertEquals((short) 0x6801, Float16.fromBigDecimal(justBelowTie));
        assertNotEquals(Float16.fromBigDecimal(justBelowTie), Float16.fromDouble(justBelowTie.doubleValue()));
    }

    @Test
    void randomDecimalsMatchANearestValueSearch() {
        SplittableRandom random = new SplittableRandom(16);
        int checked = 0;
        for (int n = 0; n < 5_000; n++) {
            // Random decimals with up to 25 digits spread over the half range.
            BigDecimal value = new BigDecimal(random.nextLong(1, Long.MAX_VALUE))
                    .scaleByPowerOfTen(-random.nextInt(10, 27)).round(new MathContext(random.nextInt(1, 26)));
            if (value.compareTo(new BigDecimal(65520)) >= 0) {
                continue;
            }
            assertEquals(nearestByBruteForce(value), Float16.fromBigDecimal(value), value::toString);
            checked++;
        }
        assertTrue(checked > 2_000, "only " + checked + " values were in range");
    }

    /** The nearest positive finite half by bisecting the (monotone) reference values; ties to the even pattern. */
    private static short nearestByBruteForce(BigDecimal value) {
        int low = 0;
        int high = 0x7BFF;
        while (low < high) { // largest b with reference(b) <= value
            int mid = (low + high + 1) >>> 1;
            if (new BigDecimal(reference(mid)).compareTo(value) <= 0) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        if (low == 0x7BFF) {
            return (short) low;
        }
        int cmp = value.subtract(new BigDecimal(reference(low)))
                .compareTo(new BigDecimal(reference(low + 1)).subtract(value));
        return (short) (cmp < 0 || cmp == 0 && (low & 1) == 0 ? low : low + 1);
    }

    @Test
    void binary32AndBinary64RoundingAgreeWithTheJdk() {
        SplittableRandom random = new SplittableRandom(32);
        for (int n = 0; n < 4_000; n++) {
            float f = Float.intBitsToFloat(random.nextInt() & 0x7F7F_FFFF);
            float up = Math.nextUp(f);
            BigDecimal mid = new BigDecimal(f).add(new BigDecimal(up)).divide(BigDecimal.valueOf(2));
            for (BigDecimal v : new BigDecimal[] {mid, mid.add(mid.ulp()), mid.subtract(mid.ulp()),
                    mid.round(new MathContext(9))}) {
                assertEquals(Float.floatToIntBits(v.floatValue()), (int) IeeeRounding.BINARY32.roundToBits(v),
                        v::toString);
            }
            double d = Double.longBitsToDouble(random.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL);
            BigDecimal dmid = new BigDecimal(d).add(new BigDecimal(Math.nextUp(d))).divide(BigDecimal.valueOf(2));
            for (BigDecimal v : new BigDecimal[] {dmid, dmid.add(dmid.ulp()), dmid.round(new MathContext(17))}) {
                assertEquals(Double.doubleToLongBits(v.doubleValue()), IeeeRounding.BINARY64.roundToBits(v),
                        v::toString);
            }
        }
    }
}

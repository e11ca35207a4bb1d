package dev.dmlemu.desc;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Exact round-to-nearest-even of a decimal to an IEEE 754 binary format, decided against the exact decimal value
 * (never through an intermediate {@code double}, which would round twice).
 */
final class IeeeRounding {

    /** binary16. */
    static final IeeeRounding BINARY16 = new IeeeRounding(11, 15);
    /** binary32. */
    static final IeeeRounding BINARY32 = new IeeeRounding(24, 127);
    /** binary64. */
    static final IeeeRounding BINARY64 = new IeeeRounding(53, 1023);

    /** Significand bits including the implicit one. */
    private final int precision;
    /** Exponent of the smallest subnormal's quantum, {@code 1 - bias - (precision - 1)}. */
    private final int minQuantumExponent;
    /** Bits of +infinity. */
    private final long infinityBits;
    /** {@code |v| >= this} rounds to infinity: {@code MAX + ulp(MAX)/2}. */
    private final BigDecimal overflowThreshold;
    /** {@code |v| <= this} rounds to zero: half the smallest subnormal (a tie, which goes to the even zero). */
    private final BigDecimal underflowThreshold;

    private IeeeRounding(int precision, int bias) {
        this.precision = precision;
        this.minQuantumExponent = 1 - bias - (precision - 1);
        int exponentBits = Integer.numberOfTrailingZeros(Integer.highestOneBit(bias + 1)) + 1;
        this.infinityBits = ((1L << exponentBits) - 1) << (precision - 1);
        int maxExponent = bias;
        // 2^(emax+1) - 2^(emax-p) = 2^(emax-p) * (2^(p+1) - 1)
        this.overflowThreshold = new BigDecimal(
                BigInteger.ONE.shiftLeft(precision + 1).subtract(BigInteger.ONE).shiftLeft(maxExponent - precision));
        this.underflowThreshold = BigDecimal.ONE.divide(new BigDecimal(BigInteger.ONE.shiftLeft(-(minQuantumExponent - 1))));
    }

    /** The largest finite magnitude's rounding limit: values at or above it round to infinity. */
    BigDecimal overflowThreshold() {
        return overflowThreshold;
    }

    /** True when {@code value} rounds to a finite number. */
    boolean isFinite(BigDecimal value) {
        return value.abs().compareTo(overflowThreshold) < 0;
    }

    /** The bits of the nearest value (ties to even), sign included; infinity when out of range. Zero is +0. */
    long roundToBits(BigDecimal value) {
        long sign = value.signum() < 0 ? 1L << (precision - 1 + exponentBitCount()) : 0;
        BigDecimal magnitude = value.abs();
        if (magnitude.compareTo(underflowThreshold) <= 0) {
            return sign;
        }
        if (magnitude.compareTo(overflowThreshold) >= 0) {
            return sign | infinityBits;
        }
        BigInteger num;
        BigInteger den;
        if (magnitude.scale() > 0) {
            num = magnitude.unscaledValue();
            den = BigInteger.TEN.pow(magnitude.scale());
        } else {
            num = magnitude.unscaledValue().multiply(BigInteger.TEN.pow(-magnitude.scale()));
            den = BigInteger.ONE;
        }
        // floor(log2(num/den)) is bitLength(num) - bitLength(den) or one less.
        int log2 = num.bitLength() - den.bitLength();
        if (compareWithPowerOfTwo(num, den, log2) < 0) {
            log2--;
        }
        int quantumExponent = Math.max(log2 - (precision - 1), minQuantumExponent);
        BigInteger dividend = quantumExponent < 0 ? num.shiftLeft(-quantumExponent) : num;
        BigInteger divisor = quantumExponent > 0 ? den.shiftLeft(quantumExponent) : den;
        BigInteger[] qr = dividend.divideAndRemainder(divisor);
        long significand = qr[0].longValueExact();
        int half = qr[1].shiftLeft(1).compareTo(divisor);
        if (half > 0 || (half == 0 && (significand & 1) == 1)) {
            significand++;
        }
        // Subnormals (quantum at the minimum, significand < 2^(p-1)) and a carry out of the significand both land
        // on the right bits with this one formula.
        long bits = ((long) (quantumExponent - minQuantumExponent) << (precision - 1)) + significand;
        return sign | Math.min(bits, infinityBits);
    }

    private int exponentBitCount() {
        return Long.numberOfTrailingZeros(Long.highestOneBit(infinityBits)) + 1 - (precision - 1);
    }

    /** Sign of {@code num/den - 2^k}. */
    private static int compareWithPowerOfTwo(BigInteger num, BigInteger den, int k) {
        return k >= 0 ? num.compareTo(den.shiftLeft(k)) : num.shiftLeft(-k).compareTo(den);
    }
}

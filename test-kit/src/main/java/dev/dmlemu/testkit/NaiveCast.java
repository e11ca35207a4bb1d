package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * DML_OPERATOR_CAST written out from the rules measured on the real DLL (docs/directml-behaviour.md §15.6), on exact
 * numbers ({@link BigInteger}, {@link BigDecimal}): DirectML moves an integer through a register of 32 bits (64 when
 * either type is 64 bits wide), truncates a float into that register (an invalid float giving the register's signed
 * minimum, or all ones when the output is unsigned), and saturates the register into a narrower output, read with
 * the output's signedness. Floats round to nearest even; FLOAT16 goes through FLOAT32. NaNs between float types come
 * out quiet with their sign and leading payload; a cast to the same float type copies the bits. Shares no code with
 * the emulator.
 */
public final class NaiveCast {

    private NaiveCast() {}

    /**
     * The output element's bits for an input element: {@code x} is an integer's value (sign-extended for signed
     * types, UINT64 as its bits) or a float's raw bits.
     */
    public static long element(TensorDataType from, TensorDataType to, long x) {
        if (from.isFloatingPoint()) {
            if (from == to) {
                return x;
            }
            if (isNan(from, x)) {
                return to.isFloatingPoint() ? nanIn(to, isNegative(from, x), payload(from, x)) : invalid(from, to);
            }
            if (isInfinite(from, x)) {
                return to.isFloatingPoint() ? infinityIn(to, isNegative(from, x)) : invalid(from, to);
            }
            BigDecimal exact = exactValue(from, x);
            if (to.isFloatingPoint()) {
                return finiteIn(to, exact, isNegative(from, x));
            }
            BigInteger truncated = exact.setScale(0, RoundingMode.DOWN).toBigInteger();
            int width = register(from, to);
            BigInteger low = to.isSignedInteger() ? BigInteger.ONE.shiftLeft(width - 1).negate() : BigInteger.ZERO;
            BigInteger high = to.isSignedInteger() ? BigInteger.ONE.shiftLeft(width - 1)
                    : BigInteger.ONE.shiftLeft(width);
            if (truncated.compareTo(low) < 0 || truncated.compareTo(high) >= 0) {
                return invalid(from, to);
            }
            return fromRegister(truncated, width, to);
        }
        BigInteger value = from == TensorDataType.UINT64 ? new BigInteger(Long.toUnsignedString(x))
                : BigInteger.valueOf(x);
        if (to.isFloatingPoint()) {
            return finiteIn(to, new BigDecimal(value), false);
        }
        return fromRegister(value, register(from, to), to);
    }

    /** The register's width: 32 bits, or 64 when either type is 64 bits wide. */
    private static int register(TensorDataType from, TensorDataType to) {
        return from.sizeInBits() == 64 || to.sizeInBits() == 64 ? 64 : 32;
    }

    /** What an invalid float conversion leaves in the register, written to the output. */
    private static long invalid(TensorDataType from, TensorDataType to) {
        int width = register(from, to);
        BigInteger register = to.isSignedInteger() ? BigInteger.ONE.shiftLeft(width - 1).negate()
                : BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        return fromRegister(register, width, to);
    }

    /**
     * A number held in the register (its low {@code width} bits kept) written to the output: the bits themselves
     * when the output is as wide, else the register read with the output's signedness and saturated to its range.
     */
    private static long fromRegister(BigInteger value, int width, TensorDataType to) {
        BigInteger modulus = BigInteger.ONE.shiftLeft(width);
        BigInteger bits = value.mod(modulus);
        if (to.sizeInBits() == width) {
            return bits.longValue();
        }
        BigInteger read = to.isSignedInteger() && bits.testBit(width - 1) ? bits.subtract(modulus) : bits;
        int outBits = to.sizeInBits();
        BigInteger min = to.isSignedInteger() ? BigInteger.ONE.shiftLeft(outBits - 1).negate() : BigInteger.ZERO;
        BigInteger max = to.isSignedInteger() ? BigInteger.ONE.shiftLeft(outBits - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(outBits).subtract(BigInteger.ONE);
        return read.max(min).min(max).longValue();
    }

    /** A finite number rounded to nearest even in a float type (FLOAT16 through FLOAT32); zero keeps its sign. */
    private static long finiteIn(TensorDataType to, BigDecimal exact, boolean negative) {
        if (exact.signum() == 0) {
            return negative ? signMask(to) : 0;
        }
        return switch (to) {
            case FLOAT64 -> Double.doubleToRawLongBits(exact.doubleValue());
            case FLOAT32 -> Float.floatToRawIntBits(exact.floatValue()) & 0xFFFF_FFFFL;
            default -> KitHalf.fromFloat(exact.floatValue());
        };
    }

    private static long infinityIn(TensorDataType to, boolean negative) {
        long magnitude = switch (to) {
            case FLOAT64 -> 0x7FF0_0000_0000_0000L;
            case FLOAT32 -> 0x7F80_0000L;
            default -> 0x7C00L;
        };
        return negative ? magnitude | signMask(to) : magnitude;
    }

    /** The quiet NaN of {@code to} with the given sign and the payload's leading bits (payload as 52 left-aligned bits). */
    private static long nanIn(TensorDataType to, boolean negative, long payload52) {
        long nan = switch (to) {
            case FLOAT64 -> 0x7FF8_0000_0000_0000L | payload52;
            case FLOAT32 -> 0x7FC0_0000L | payload52 >>> 29;
            default -> 0x7E00L | payload52 >>> 42;
        };
        return negative ? nan | signMask(to) : nan;
    }

    /** The NaN's mantissa, left-aligned in 52 bits. */
    private static long payload(TensorDataType from, long x) {
        return switch (from) {
            case FLOAT64 -> x & 0x000F_FFFF_FFFF_FFFFL;
            case FLOAT32 -> (x & 0x7F_FFFFL) << 29;
            default -> (x & 0x3FFL) << 42;
        };
    }

    private static BigDecimal exactValue(TensorDataType from, long x) {
        double v = switch (from) {
            case FLOAT64 -> Double.longBitsToDouble(x);
            case FLOAT32 -> Float.intBitsToFloat((int) x);
            default -> KitHalf.toFloat((int) x);
        };
        return new BigDecimal(v);
    }

    private static boolean isNan(TensorDataType t, long x) {
        return exponentAllOnes(t, x) && (x & mantissaMask(t)) != 0;
    }

    private static boolean isInfinite(TensorDataType t, long x) {
        return exponentAllOnes(t, x) && (x & mantissaMask(t)) == 0;
    }

    private static boolean exponentAllOnes(TensorDataType t, long x) {
        long exponent = switch (t) {
            case FLOAT64 -> 0x7FF0_0000_0000_0000L;
            case FLOAT32 -> 0x7F80_0000L;
            default -> 0x7C00L;
        };
        return (x & exponent) == exponent;
    }

    private static long mantissaMask(TensorDataType t) {
        return switch (t) {
            case FLOAT64 -> 0x000F_FFFF_FFFF_FFFFL;
            case FLOAT32 -> 0x7F_FFFFL;
            default -> 0x3FFL;
        };
    }

    private static boolean isNegative(TensorDataType t, long x) {
        return (x & signMask(t)) != 0;
    }

    private static long signMask(TensorDataType t) {
        return 1L << (t.sizeInBits() - 1);
    }
}

package dev.dmlemu.model;

import dev.dmlemu.desc.Float16;
import dev.dmlemu.desc.TensorDataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/** Whether an initial value fits a data type, and its little-endian bytes. */
final class ValueCodec {

    private ValueCodec() {}

    /** Smallest value of an integer type. */
    static BigInteger min(TensorDataType type) {
        return type.isSignedInteger() ? BigInteger.ONE.shiftLeft(type.sizeInBits() - 1).negate() : BigInteger.ZERO;
    }

    /** Largest value of an integer type. */
    static BigInteger max(TensorDataType type) {
        int bits = type.isSignedInteger() ? type.sizeInBits() - 1 : type.sizeInBits();
        return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    }

    /**
     * Why {@code scalar} (written {@code shown}) cannot be stored as {@code type}, or null when it can: integers must
     * be integral and in range; floats must not become infinity as DxDispatch converts them ({@link #float16Bits},
     * {@link #float32}, {@link #float64}); specials need a float type.
     */
    static String problem(Scalar scalar, String shown, TensorDataType type) {
        if (scalar instanceof SpecialScalar) {
            return type.isFloatingPoint() ? null
                    : shown + " is only allowed for FLOAT16, FLOAT32 and FLOAT64, not " + type.name();
        }
        BigDecimal value = ((DecimalScalar) scalar).value();
        if (type.isFloatingPoint()) {
            return floatProblem(value, shown, type);
        }
        BigInteger min = min(type);
        BigInteger max = max(type);
        // Compare before converting: 1e999999999 must not become a billion-digit integer.
        if (value.compareTo(new BigDecimal(min)) < 0 || value.compareTo(new BigDecimal(max)) > 0) {
            return shown + " is out of range for " + type.name() + " (" + min + ".." + max + ")";
        }
        if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0) {
            return shown + " is not an integer, as " + type.name() + " needs";
        }
        return null;
    }

    /** A finite decimal that DxDispatch's conversion to a float type makes infinite is refused. */
    private static String floatProblem(BigDecimal value, String shown, TensorDataType type) {
        switch (type) {
            case FLOAT16: {
                short bits = TruncatingFloat16.fromFloat((float) value.doubleValue());
                if (Float16.isFinite(bits)) {
                    return null;
                }
                boolean negative = bits < 0;
                return shown + " is out of range for FLOAT16 (DxDispatch would write " + (negative ? "-inf, 0xFC00"
                        : "inf, 0x7C00") + ": its conversion truncates toward zero, and gives infinity for"
                        + " magnitudes from 65535.998046875 on; the largest finite FLOAT16, 65504, is what it writes"
                        + " below that)";
            }
            case FLOAT32:
                return Float.isInfinite((float) value.doubleValue()) ? shown + " is out of range for FLOAT32 (it"
                        + " rounds to infinity; the largest finite FLOAT32 is " + Float.MAX_VALUE + ")" : null;
            case FLOAT64:
                return Double.isInfinite(value.doubleValue()) ? shown + " is out of range for FLOAT64 (it rounds to"
                        + " infinity; the largest finite FLOAT64 is " + Double.MAX_VALUE + ")" : null;
            default:
                throw new IllegalArgumentException(type + " is not a float type");
        }
    }

    /** Bytes of {@code count} elements of {@code type}: {@code ceil(count * bits / 8)}. */
    static long byteCount(TensorDataType type, long count) {
        return Math.addExact(Math.multiplyExact(count / 8, (long) type.sizeInBits()),
                (count % 8 * type.sizeInBits() + 7) / 8);
    }

    /**
     * Stores element {@code index} of {@code type} into a little-endian buffer at absolute positions. UINT4/INT4 pack
     * two elements per byte, the even-indexed one in the low nibble. The value must already have passed
     * {@link #problem}.
     */
    static void put(ByteBuffer buffer, TensorDataType type, long index, Scalar scalar) {
        switch (type) {
            case FLOAT16:
                putFloat16(buffer, index, float16Bits(scalar));
                return;
            case FLOAT32:
                putFloat32(buffer, index, float32(scalar));
                return;
            case FLOAT64:
                putFloat64(buffer, index, float64(scalar));
                return;
            default:
                putInteger(buffer, type, index, integerBits(scalar));
        }
    }

    static void putFloat16(ByteBuffer buffer, long index, short bits) {
        buffer.putShort(Math.toIntExact(index * 2), bits);
    }

    static void putFloat32(ByteBuffer buffer, long index, float value) {
        buffer.putInt(Math.toIntExact(index * 4), Float.floatToRawIntBits(value));
    }

    static void putFloat64(ByteBuffer buffer, long index, double value) {
        buffer.putLong(Math.toIntExact(index * 8), Double.doubleToRawLongBits(value));
    }

    /** Stores the low bits of an integer element (its two's complement bits, truncated to the type's size). */
    static void putInteger(ByteBuffer buffer, TensorDataType type, long index, long bits) {
        switch (type) {
            case UINT4:
            case INT4: {
                int at = Math.toIntExact(index / 2);
                int nibble = (int) bits & 0xF;
                int old = buffer.get(at) & 0xFF;
                int updated = index % 2 == 0 ? (old & 0xF0) | nibble : (old & 0x0F) | (nibble << 4);
                buffer.put(at, (byte) updated);
                return;
            }
            case UINT8:
            case INT8:
                buffer.put(Math.toIntExact(index), (byte) bits);
                return;
            case UINT16:
            case INT16:
                buffer.putShort(Math.toIntExact(index * 2), (short) bits);
                return;
            case UINT32:
            case INT32:
                buffer.putInt(Math.toIntExact(index * 4), (int) bits);
                return;
            case UINT64:
            case INT64:
                buffer.putLong(Math.toIntExact(index * 8), bits);
                return;
            default:
                throw new IllegalArgumentException("no element encoding for " + type);
        }
    }

    /** Whether a 64-bit integer is a value of an integer type (UINT64 only up to 2^63 - 1 here). */
    static boolean fits(long value, TensorDataType type) {
        if (type.isSignedInteger()) {
            long max = (1L << (type.sizeInBits() - 1)) - 1;
            return value >= -max - 1 && value <= max;
        }
        return value >= 0 && (type.sizeInBits() == 64 || value < 1L << type.sizeInBits());
    }

    /** The two's complement bits of an integral value (UINT64 above 2^63 wraps to its bit pattern). */
    private static long integerBits(Scalar scalar) {
        return ((DecimalScalar) scalar).value().toBigIntegerExact().longValue();
    }

    /**
     * DxDispatch's FLOAT16 for an initial value (docs/directml-behaviour.md §9.1): RapidJSON's double (the nearest to
     * the decimal), narrowed to float (to nearest, ties to even), then converted by its half library's default
     * rounding, which truncates toward zero ({@link TruncatingFloat16}). {@code "nan"} is the float quiet NaN, which
     * becomes 0x7E00; {@code "inf"} and {@code "-inf"} are 0x7C00 and 0xFC00. Arrays, constants and a sequence's
     * operands all convert this way.
     */
    static short float16Bits(Scalar scalar) {
        if (scalar instanceof SpecialScalar) {
            switch ((SpecialScalar) scalar) {
                case NAN:
                    return Float16.NaN;
                case POSITIVE_INFINITY:
                    return Float16.POSITIVE_INFINITY;
                default:
                    return Float16.NEGATIVE_INFINITY;
            }
        }
        return TruncatingFloat16.fromFloat(float32(scalar));
    }

    /**
     * DxDispatch's FLOAT32 for an initial value: RapidJSON's double narrowed to float, to nearest even. That rounds
     * twice, and differs from rounding the decimal once when the double lands on a midpoint between two floats.
     */
    static float float32(Scalar scalar) {
        if (scalar instanceof SpecialScalar) {
            return (float) special((SpecialScalar) scalar);
        }
        return (float) float64(scalar);
    }

    /** RapidJSON's double for an initial value: the nearest to the decimal (BigDecimal.doubleValue rounds once). */
    static double float64(Scalar scalar) {
        if (scalar instanceof SpecialScalar) {
            return special((SpecialScalar) scalar);
        }
        DecimalScalar decimal = (DecimalScalar) scalar;
        return decimal.negativeZero() ? -0.0 : decimal.value().doubleValue();
    }

    private static double special(SpecialScalar s) {
        switch (s) {
            case NAN:
                return Double.NaN;
            case POSITIVE_INFINITY:
                return Double.POSITIVE_INFINITY;
            default:
                return Double.NEGATIVE_INFINITY;
        }
    }
}

package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * Fills a buffer from DxDispatch's generated initializers, a constant ({@code value} repeated) and an arithmetic
 * sequence ({@code valueStart + i * valueDelta}, exact, rounded once per element), in time linear in the element count
 * whatever the model wrote: a constant is encoded once and copied; an integer sequence steps in 64-bit two's
 * complement (exact, as every element is in the type's range); a float sequence steps by exact decimal addition of
 * numbers of at most {@link #MAX_SEQUENCE_DIGITS} digits.
 */
final class GeneratedValues {

    /**
     * The most digits {@code valueStart} and {@code valueDelta} may need at a common scale: plenty for any value a
     * float or a 64-bit integer holds written sensibly, and the bound on the work per element of an exact sequence
     * ({@code 1e-600000000} and {@code 1} would need 600,000,001).
     */
    static final int MAX_SEQUENCE_DIGITS = 80;

    private GeneratedValues() {}

    /**
     * Why {@code start + i * delta} cannot be computed exactly within {@link #MAX_SEQUENCE_DIGITS} digits, or null.
     * Trailing zeros do not count: {@code 1.000} is {@code 1}.
     */
    static String unboundedSequence(BigDecimal start, BigDecimal delta) {
        BigDecimal s = start.stripTrailingZeros();
        BigDecimal d = delta.stripTrailingZeros();
        long scale = Math.max((long) s.scale(), d.scale());
        long digits = Math.max(s.precision() + (scale - s.scale()), d.precision() + (scale - d.scale()));
        if (digits > MAX_SEQUENCE_DIGITS) {
            return "valueStart " + start + " and valueDelta " + delta + " need " + digits + " digits at a common"
                    + " scale, more than the " + MAX_SEQUENCE_DIGITS + " a sequence may have (it is computed exactly);"
                    + " write them with fewer digits, or give the values as an array";
        }
        return null;
    }

    /** Fills elements {@code [0, count)} with {@code value}, which must fit the type. */
    static void constant(ByteBuffer buffer, TensorDataType type, long count, Scalar value) {
        if (count == 0) {
            return;
        }
        if (!type.isByteAddressable()) {
            // Two 4-bit elements per byte: one byte holds the pair, and an odd count leaves a low nibble.
            ByteBuffer pair = ByteBuffer.allocate(1);
            ValueCodec.put(pair, type, 0, value);
            ValueCodec.put(pair, type, 1, value);
            for (int at = 0; at < count / 2; at++) {
                buffer.put(at, pair.get(0));
            }
            if (count % 2 == 1) {
                ValueCodec.put(buffer, type, count - 1, value);
            }
            return;
        }
        ValueCodec.put(buffer, type, 0, value);
        int elementBytes = type.sizeInBytes();
        long total = Math.multiplyExact(count, (long) elementBytes);
        byte[] array = buffer.array();
        int offset = buffer.arrayOffset();
        // Doubling copies: log2(count) array copies in all.
        for (long filled = elementBytes; filled < total; filled *= 2) {
            int length = (int) Math.min(filled, total - filled);
            System.arraycopy(array, offset, array, offset + (int) filled, length);
        }
    }

    /**
     * Fills elements {@code [0, count)} with {@code start + i * delta}. The caller checked that the first and last
     * elements fit the type (a linear sequence then fits everywhere) and that {@link #unboundedSequence} is null.
     *
     * @return the index of the first element that is not an integer when the type needs one (possible only when
     *     {@code delta} has a fraction), or -1
     */
    static long sequence(ByteBuffer buffer, TensorDataType type, long count, BigDecimal start, BigDecimal delta) {
        if (!type.isFloatingPoint()) {
            if (count > 1 && delta.signum() != 0 && delta.stripTrailingZeros().scale() > 0) {
                return 1;
            }
            long bits = start.toBigIntegerExact().longValue();
            long step = count > 1 ? delta.toBigIntegerExact().longValue() : 0;
            for (long i = 0; i < count; i++) {
                ValueCodec.putInteger(buffer, type, i, bits);
                bits += step; // two's complement: exact modulo 2^64, and every element is in range
            }
            return -1;
        }
        int scale = Math.max(0, Math.max(start.scale(), delta.scale()));
        BigDecimal first = start.setScale(scale);
        BigDecimal step = delta.setScale(scale);
        if (type != TensorDataType.FLOAT16 && !floatSequenceByDoubles(buffer, type, count, first, step)) {
            BigDecimal element = first;
            for (long i = 0; i < count; i++) {
                ValueCodec.put(buffer, type, i, new DecimalScalar(element));
                element = element.add(step);
            }
        }
        return -1;
    }

    /** 2^53: every long below it in magnitude is an exact double. */
    private static final long EXACT_DOUBLE_LIMIT = 1L << 53;

    /**
     * The usual float sequence fast: with a common scale {@code s <= 22} and every numerator {@code a + i * b} below
     * 2^53, element {@code i} is the quotient of two exact doubles, which IEEE division rounds once, exactly. A
     * FLOAT32 element rounds that double again, which gives the exactly rounded float unless the double is a float
     * midpoint; those few elements are computed from the exact decimal.
     *
     * @return false, having written nothing, when the sequence does not qualify
     */
    private static boolean floatSequenceByDoubles(ByteBuffer buffer, TensorDataType type, long count,
            BigDecimal first, BigDecimal step) {
        int scale = first.scale();
        BigDecimal last = first.add(step.multiply(BigDecimal.valueOf(Math.max(0, count - 1))));
        if (scale > 22 || !fitsExactDouble(first) || !fitsExactDouble(last) || !fitsExactDouble(step)) {
            return false;
        }
        long a = first.unscaledValue().longValue();
        long b = step.unscaledValue().longValue();
        double divisor = Math.pow(10, scale); // exact for 10^0 .. 10^22
        for (long i = 0; i < count; i++) {
            long numerator = a + i * b; // between the endpoints' numerators: below 2^53
            double value = numerator / divisor;
            if (type == TensorDataType.FLOAT64) {
                ValueCodec.putFloat64(buffer, i, value);
            } else {
                float rounded = (float) value;
                if (isFloatMidpoint(value, rounded)) {
                    rounded = BigDecimal.valueOf(numerator, scale).floatValue();
                }
                ValueCodec.putFloat32(buffer, i, rounded);
            }
        }
        return true;
    }

    private static boolean fitsExactDouble(BigDecimal value) {
        return value.unscaledValue().bitLength() < 53 && Math.abs(value.unscaledValue().longValue())
                < EXACT_DOUBLE_LIMIT;
    }

    /** Whether {@code value} lies exactly halfway between {@code rounded} and one of its float neighbours. */
    private static boolean isFloatMidpoint(double value, float rounded) {
        double here = rounded;
        return value == (here + Math.nextDown(rounded)) / 2 || value == (here + Math.nextUp(rounded)) / 2;
    }
}

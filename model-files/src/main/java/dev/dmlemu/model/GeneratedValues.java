package dev.dmlemu.model;

import dev.dmlemu.desc.Float16;
import dev.dmlemu.desc.TensorDataType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * Fills a buffer from DxDispatch's generated initializers, a constant ({@code value} repeated) and a sequence
 * ({@code valueStart}, then repeatedly {@code + valueDelta}), in time linear in the element count whatever the model
 * wrote: a constant is encoded once and copied; an integer sequence steps in 64-bit two's complement (exact, as every
 * element is in the type's range); a float sequence adds in the element's precision, as DxDispatch does.
 */
final class GeneratedValues {

    /**
     * The most digits {@code valueStart} and {@code valueDelta} may need at a common scale: plenty for any value a
     * float or a 64-bit integer holds written sensibly, and the bound on the exact arithmetic that checks a sequence's
     * last element against the type's range ({@code 1e-600000000} and {@code 1} would need 600,000,001 digits).
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
                    + " scale, more than the " + MAX_SEQUENCE_DIGITS + " a sequence may have (its range is checked"
                    + " exactly);"
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
     * Fills elements {@code [0, count)} with DxDispatch's sequence: element 0 is {@code start} and each next element
     * is the previous one plus {@code delta}, added in the element type (docs/directml-behaviour.md §9.1). For an
     * integer type that is the exact {@code start + i * delta}: the caller checked that the first and last elements
     * fit the type (a linear sequence then fits everywhere) and that {@link #unboundedSequence} is null. A float type
     * accumulates rounding as DxDispatch does, one addition per element whatever the digits of the operands.
     *
     * @return the index of the first element that is not an integer when the type needs one (possible only when
     *     {@code delta} has a fraction), or -1
     */
    static long sequence(ByteBuffer buffer, TensorDataType type, long count, DecimalScalar start,
            DecimalScalar delta) {
        if (type.isFloatingPoint()) {
            floatSequence(buffer, type, count, ValueCodec.float64(start), ValueCodec.float64(delta));
            return -1;
        }
        BigDecimal first = start.value();
        BigDecimal step = delta.value();
        if (count > 1 && step.signum() != 0 && step.stripTrailingZeros().scale() > 0) {
            return 1;
        }
        long bits = first.toBigIntegerExact().longValue();
        long stepBits = count > 1 ? step.toBigIntegerExact().longValue() : 0;
        for (long i = 0; i < count; i++) {
            ValueCodec.putInteger(buffer, type, i, bits);
            bits += stepBits; // two's complement: exact modulo 2^64, and every element is in range
        }
        return -1;
    }

    /**
     * DxDispatch's float sequence from its operands as parsed (each the double nearest the decimal): FLOAT64 adds
     * doubles; FLOAT32 narrows both to float and adds floats; FLOAT16 narrows to float, then to half by truncation,
     * and each addition is a float sum of the two halves truncated back to half ({@link TruncatingFloat16}).
     */
    private static void floatSequence(ByteBuffer buffer, TensorDataType type, long count, double start,
            double delta) {
        switch (type) {
            case FLOAT64: {
                double value = start;
                for (long i = 0; i < count; i++) {
                    ValueCodec.putFloat64(buffer, i, value);
                    value += delta;
                }
                return;
            }
            case FLOAT32: {
                float value = (float) start;
                float step = (float) delta;
                for (long i = 0; i < count; i++) {
                    ValueCodec.putFloat32(buffer, i, value);
                    value += step;
                }
                return;
            }
            case FLOAT16: {
                short value = TruncatingFloat16.fromFloat((float) start);
                float step = Float16.toFloat(TruncatingFloat16.fromFloat((float) delta));
                for (long i = 0; i < count; i++) {
                    ValueCodec.putFloat16(buffer, i, value);
                    value = TruncatingFloat16.fromFloat(Float16.toFloat(value) + step);
                }
                return;
            }
            default:
                throw new IllegalArgumentException(type + " is not a float type");
        }
    }
}

package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dmlemu.desc.Float16;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Floating-point element values as bit patterns, for the tests that read {@code --json} output back with Jackson's
 * default tree and check that each value comes back with its type, sign and bits: a JSON float (never an integer
 * node), NaN and infinities as the strings {@code "nan"}, {@code "inf"}, {@code "-inf"}.
 */
final class JsonFloatBits {

    /** FLOAT32: -0, 0, 2, 0.1f, -7.5, FLT_MAX, the smallest subnormal, 2^24, 1 + ulp, -9999999, NaN, inf, -inf. */
    static final long[] FLOAT32 = {0x8000_0000L, 0, 0x4000_0000L, 0x3DCC_CCCDL, 0xC0F0_0000L, 0x7F7F_FFFFL, 1,
        0x4B80_0000L, 0x3F80_0001L, 0xCB18_967FL, 0x7FC0_0000L, 0x7F80_0000L, 0xFF80_0000L};

    /** FLOAT64: -0, 0, 2, 0.1, DBL_MAX, 2^-1074, 2^53, -2^63, NaN, inf, -inf. */
    static final long[] FLOAT64 = {0x8000_0000_0000_0000L, 0, 0x4000_0000_0000_0000L, 0x3FB9_9999_9999_999AL,
        0x7FEF_FFFF_FFFF_FFFFL, 1, 0x4340_0000_0000_0000L, 0xC3E0_0000_0000_0000L, 0x7FF8_0000_0000_0000L,
        0x7FF0_0000_0000_0000L, 0xFFF0_0000_0000_0000L};

    /** FLOAT16: -0, 0, 2, the half nearest 0.1, 65504, 2^-24, -65504, 1 + ulp, NaN, inf, -inf. */
    static final long[] FLOAT16 = {0x8000, 0, 0x4000, 0x2E66, 0x7BFF, 1, 0xFBFF, 0x3C01, 0x7E00, 0x7C00, 0xFC00};

    private JsonFloatBits() {}

    static long[] of(TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> FLOAT32;
            case FLOAT64 -> FLOAT64;
            case FLOAT16 -> FLOAT16;
            default -> throw new IllegalArgumentException(type.name());
        };
    }

    /** The values as a little-endian buffer of {@code type}. */
    static ByteBuffer buffer(TensorDataType type) {
        long[] bits = of(type);
        ByteBuffer buffer = ByteBuffer.allocate(bits.length * type.sizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (long b : bits) {
            switch (type) {
                case FLOAT32 -> buffer.putInt((int) b);
                case FLOAT64 -> buffer.putLong(b);
                default -> buffer.putShort((short) b);
            }
        }
        return buffer.flip();
    }

    /** Each node of {@code values} reads back to the bits of {@link #of}{@code (type)}. */
    static void assertReadBack(TensorDataType type, JsonNode values) {
        long[] bits = of(type);
        assertEquals(bits.length, values.size(), values::toString);
        for (int i = 0; i < bits.length; i++) {
            JsonNode node = values.get(i);
            double expected = valueOf(type, bits[i]);
            String where = type + " element " + i + " (0x" + Long.toHexString(bits[i]) + ") written as " + node;
            if (Double.isNaN(expected)) {
                assertEquals("nan", node.textValue(), where);
            } else if (Double.isInfinite(expected)) {
                assertEquals(expected > 0 ? "inf" : "-inf", node.textValue(), where);
            } else {
                assertTrue(node.isFloatingPointNumber(), where + " reads as " + node.getNodeType() + ", not a float");
                assertEquals(bits[i], bitsOf(type, node.doubleValue()), where);
            }
        }
    }

    private static double valueOf(TensorDataType type, long bits) {
        return switch (type) {
            case FLOAT32 -> Float.intBitsToFloat((int) bits);
            case FLOAT64 -> Double.longBitsToDouble(bits);
            default -> Float16.toFloat((short) bits);
        };
    }

    /** What a reader holding the number as a double gets once it converts it to the element's type. */
    private static long bitsOf(TensorDataType type, double read) {
        return switch (type) {
            case FLOAT32 -> Integer.toUnsignedLong(Float.floatToRawIntBits((float) read));
            case FLOAT64 -> Double.doubleToRawLongBits(read);
            default -> Float16.fromDouble(read) & 0xFFFFL;
        };
    }
}

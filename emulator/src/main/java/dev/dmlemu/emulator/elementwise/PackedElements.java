package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;

/**
 * Reads and writes one element of a buffer tensor at an element offset, 4-bit types included: UINT4 and INT4 pack two
 * elements per byte, element {@code e} in bits {@code 4 * e} to {@code 4 * e + 3} (the even one in the low nibble),
 * and writing one leaves the other nibble of its byte as it was (measured, docs/directml-behaviour.md §15.13).
 */
final class PackedElements {

    private PackedElements() {}

    /** The integer element of {@code type} (INT8, UINT8, INT4, UINT4) at element offset {@code element}. */
    static int integer(ByteBuffer buffer, TensorDataType type, long element) {
        switch (type) {
            case INT8:
                return buffer.get(Math.toIntExact(element));
            case UINT8:
                return buffer.get(Math.toIntExact(element)) & 0xFF;
            case INT4:
            case UINT4: {
                int nibble = (buffer.get(Math.toIntExact(element >>> 1)) >>> (4 * (int) (element & 1))) & 0xF;
                return type == TensorDataType.INT4 ? (nibble << 28) >> 28 : nibble;
            }
            default:
                throw new IllegalArgumentException("not a quantized integer type: " + type);
        }
    }

    /** Writes {@code value}, already within {@code type}'s range, at element offset {@code element}. */
    static void putInteger(ByteBuffer buffer, TensorDataType type, long element, int value) {
        switch (type) {
            case INT8:
            case UINT8:
                buffer.put(Math.toIntExact(element), (byte) value);
                return;
            case INT4:
            case UINT4: {
                int at = Math.toIntExact(element >>> 1);
                int shift = 4 * (int) (element & 1);
                int kept = buffer.get(at) & ~(0xF << shift);
                buffer.put(at, (byte) (kept | (value & 0xF) << shift));
                return;
            }
            default:
                throw new IllegalArgumentException("not a quantized integer type: " + type);
        }
    }

    /** The FLOAT32 or FLOAT16 element at element offset {@code element}, as a float. */
    static float real(ByteBuffer buffer, TensorDataType type, long element) {
        if (type == TensorDataType.FLOAT16) {
            return (float) Half.toDouble(buffer.getShort(Math.toIntExact(element * 2)) & 0xFFFF);
        }
        return buffer.getFloat(Math.toIntExact(element * 4));
    }

    /** Writes {@code value} as a FLOAT32 element, or rounded to FLOAT16, at element offset {@code element}. */
    static void putReal(ByteBuffer buffer, TensorDataType type, long element, float value) {
        if (type == TensorDataType.FLOAT16) {
            buffer.putShort(Math.toIntExact(element * 2), Half.fromDouble(value));
        } else {
            buffer.putFloat(Math.toIntExact(element * 4), value);
        }
    }

    /** The zero point QUANTIZE and DEQUANTIZE take without one: 128 for UINT8, 8 for UINT4, 0 for a signed type. */
    static int midpoint(TensorDataType type) {
        return switch (type) {
            case UINT8 -> 128;
            case UINT4 -> 8;
            default -> 0;
        };
    }

    /** The least value of a quantized integer type. */
    static int least(TensorDataType type) {
        return switch (type) {
            case INT8 -> Byte.MIN_VALUE;
            case INT4 -> -8;
            default -> 0;
        };
    }

    /** The greatest value of a quantized integer type. */
    static int greatest(TensorDataType type) {
        return switch (type) {
            case INT8 -> Byte.MAX_VALUE;
            case UINT8 -> 255;
            case INT4 -> 7;
            default -> 15;
        };
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;

/** Integers in little-endian byte arrays, assembled byte by byte. */
final class LittleEndian {

    private LittleEndian() {}

    /** The {@code width} bytes at {@code at}, as an unsigned number (64-bit values keep their raw bits). */
    static long bits(byte[] bytes, int at, int width) {
        long bits = 0;
        for (int k = 0; k < width; k++) {
            bits |= (bytes[at + k] & 0xFFL) << (8 * k);
        }
        return bits;
    }

    static void put(byte[] bytes, int at, int width, long value) {
        for (int k = 0; k < width; k++) {
            bytes[at + k] = (byte) (value >>> (8 * k));
        }
    }

    /**
     * An index as a signed 64-bit value (docs/directml-behaviour.md §7.1 step 1): INT32 sign-extended, UINT32
     * zero-extended, INT64 as is, UINT64's raw bits (so 2^64 - 1 is -1; callers that read it unsigned say so).
     */
    static long index(TensorDataType type, byte[] bytes, int at) {
        long bits = bits(bytes, at, type.sizeInBytes());
        return switch (type) {
            case INT32 -> (int) bits;
            case UINT32, INT64, UINT64 -> bits;
            default -> throw new IllegalArgumentException("not an index type: " + type);
        };
    }

    /** What {@link #index} reads back after {@code value} is {@link #put} as an index of this type. */
    static long stored(TensorDataType type, long value) {
        return switch (type) {
            case INT32 -> (int) value;
            case UINT32 -> value & 0xFFFF_FFFFL;
            case INT64, UINT64 -> value;
            default -> throw new IllegalArgumentException("not an index type: " + type);
        };
    }

    /** An index as its type reads it, in decimal: UINT64 unsigned, the others as {@link #index} gives them. */
    static String indexText(TensorDataType type, long value) {
        return type == TensorDataType.UINT64 ? Long.toUnsignedString(value) : Long.toString(value);
    }
}

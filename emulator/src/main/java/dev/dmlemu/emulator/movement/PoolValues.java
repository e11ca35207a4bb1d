package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;

/**
 * How max pooling orders the elements of a data type, and the value it starts each window from: the lowest finite
 * value of the type (FLOAT32 -3.4028235e38, the most negative signed integer, 0 unsigned), which is what a window
 * with no element inside the input gives (docs/directml-behaviour.md §16.9).
 */
enum PoolValues {
    /** Compared as floats: a NaN is never greater, so it is skipped; -0.0 and 0.0 tie. */
    FLOAT32,
    /** Two's complement, sign-extended to a long. */
    SIGNED,
    /** Zero-extended, compared unsigned. */
    UNSIGNED;

    static PoolValues of(OperatorType operator, TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> FLOAT32;
            case INT8, INT16, INT32, INT64 -> SIGNED;
            case UINT8, UINT16, UINT32, UINT64 -> UNSIGNED;
            default -> throw Shapes.refuse(operator, type + " max pooling was not measured on the real DLL (its"
                    + " device lacks FLOAT16)");
        };
    }

    /** The raw bits of the value a window starts from, for elements of {@code size} bytes. */
    long lowestBits(int size) {
        return switch (this) {
            case FLOAT32 -> Float.floatToRawIntBits(-Float.MAX_VALUE) & 0xFFFF_FFFFL;
            case SIGNED -> size == 8 ? Long.MIN_VALUE : 1L << (8 * size - 1);
            case UNSIGNED -> 0;
        };
    }
}

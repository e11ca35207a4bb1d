package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;

/**
 * PADDING's FLOAT PaddingValue as an element of the output's type, as measured (docs/directml-behaviour.md §16.5):
 * integers go through a 32-bit or 64-bit conversion that truncates toward zero and gives the type's most negative
 * value for NaN, infinities and values out of its range, and keep its low bits: INT8 and UINT8 from the 32-bit one,
 * INT32 the 32-bit one, UINT32 the low half of the 64-bit one, INT64 and UINT64 the 64-bit one. FLOAT16, INT16 and
 * UINT16, which the measuring device lacks, are refused.
 */
final class PaddingValue {

    private PaddingValue() {}

    static byte[] fromFloat(OperatorType operator, float value, TensorDataType type) {
        int size = type.sizeInBytes();
        return switch (type) {
            case FLOAT32 -> ScalarBytes.of(Float.floatToRawIntBits(value), size);
            case FLOAT64 -> ScalarBytes.of(Double.doubleToRawLongBits(value), size);
            case INT8, UINT8, INT32 -> ScalarBytes.of(truncate32(value), size);
            case UINT32, INT64, UINT64 -> ScalarBytes.of(truncate64(value), size);
            default -> throw Shapes.refuse(operator, "a FLOAT PaddingValue as " + type
                    + " was not measured (the measuring device lacks it)");
        };
    }

    /** Toward zero; NaN and anything outside [-2^31, 2^31) give -2^31. */
    private static long truncate32(float value) {
        return value >= -0x1p31f && value < 0x1p31f ? (int) value : Integer.MIN_VALUE;
    }

    /** Toward zero; NaN and anything outside [-2^63, 2^63) give -2^63. */
    private static long truncate64(float value) {
        return value >= -0x1p63f && value < 0x1p63f ? (long) value : Long.MIN_VALUE;
    }
}

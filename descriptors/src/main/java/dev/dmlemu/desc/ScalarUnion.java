package dev.dmlemu.desc;

/**
 * {@code DML_SCALAR_UNION}: 8 bytes whose meaning a {@code DML_TENSOR_DATA_TYPE} field of the same desc selects
 * ({@code ValueDataType}, {@code MinMaxDataType}). The union stays raw bits, so a desc holds whatever the bytes are
 * even when the type field is out of range; the validator judges the pair. A member narrower than 8 bytes occupies
 * the low-order bytes (offset 0, little-endian), the rest being zero when built here.
 *
 * @param bits the union's 8 bytes as a little-endian {@code long}
 */
public record ScalarUnion(long bits) {

    /** All 8 bytes zero: 0 of every member. */
    public static final ScalarUnion ZERO = new ScalarUnion(0);

    /**
     * The union holding {@code value} as the member {@code type} selects: floats rounded to nearest (FLOAT16 and
     * FLOAT32), integers truncated to the member's width (two's complement).
     */
    public static ScalarUnion of(TensorDataType type, double value) {
        return switch (type) {
            case FLOAT32 -> new ScalarUnion(Float.floatToRawIntBits((float) value) & 0xFFFF_FFFFL);
            case FLOAT16 -> new ScalarUnion(Float16.fromDouble(value) & 0xFFFFL);
            case FLOAT64 -> new ScalarUnion(Double.doubleToRawLongBits(value));
            default -> ofInteger(type, (long) value);
        };
    }

    /** The union holding the integer {@code value} as the member {@code type} selects, truncated to its width. */
    public static ScalarUnion ofInteger(TensorDataType type, long value) {
        return switch (type) {
            case UINT8, INT8, UINT4, INT4 -> new ScalarUnion(value & 0xFFL);
            case UINT16, INT16 -> new ScalarUnion(value & 0xFFFFL);
            case UINT32, INT32 -> new ScalarUnion(value & 0xFFFF_FFFFL);
            case UINT64, INT64 -> new ScalarUnion(value);
            case FLOAT16, FLOAT32, FLOAT64 -> of(type, value);
            case UNKNOWN -> new ScalarUnion(value);
        };
    }

    /** The member {@code type} selects, as a double (exact for every member but 64-bit integers above 2^53). */
    public double asDouble(TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> Float.intBitsToFloat((int) bits);
            case FLOAT16 -> Float16.toFloat((short) bits);
            case FLOAT64 -> Double.longBitsToDouble(bits);
            default -> asLong(type);
        };
    }

    /** The integer member {@code type} selects, sign- or zero-extended; the raw bits for a float type. */
    public long asLong(TensorDataType type) {
        return switch (type) {
            case UINT8, UINT4 -> bits & 0xFFL;
            case INT8, INT4 -> (byte) bits;
            case UINT16 -> bits & 0xFFFFL;
            case INT16 -> (short) bits;
            case UINT32 -> bits & 0xFFFF_FFFFL;
            case INT32 -> (int) bits;
            default -> bits;
        };
    }
}

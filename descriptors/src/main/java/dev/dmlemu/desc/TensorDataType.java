package dev.dmlemu.desc;

/** {@code DML_TENSOR_DATA_TYPE}: the element type of a tensor, with its size in bits and its numeric kind. */
public enum TensorDataType implements DmlEnum {
    UNKNOWN(0, 0, NumericKind.NONE),
    FLOAT32(1, 32, NumericKind.FLOATING_POINT),
    FLOAT16(2, 16, NumericKind.FLOATING_POINT),
    UINT32(3, 32, NumericKind.UNSIGNED_INTEGER),
    UINT16(4, 16, NumericKind.UNSIGNED_INTEGER),
    UINT8(5, 8, NumericKind.UNSIGNED_INTEGER),
    INT32(6, 32, NumericKind.SIGNED_INTEGER),
    INT16(7, 16, NumericKind.SIGNED_INTEGER),
    INT8(8, 8, NumericKind.SIGNED_INTEGER),
    FLOAT64(9, 64, NumericKind.FLOATING_POINT),
    UINT64(10, 64, NumericKind.UNSIGNED_INTEGER),
    INT64(11, 64, NumericKind.SIGNED_INTEGER),
    /** Two values per byte; header target 0x6300 and later. */
    UINT4(12, 4, NumericKind.UNSIGNED_INTEGER),
    /** Two values per byte; header target 0x6300 and later. */
    INT4(13, 4, NumericKind.SIGNED_INTEGER);

    /** The C prefix every constant carries in {@code directml.h}. */
    public static final String C_PREFIX = "DML_TENSOR_DATA_TYPE_";

    private final int code;
    private final int sizeInBits;
    private final NumericKind numericKind;

    TensorDataType(int code, int sizeInBits, NumericKind numericKind) {
        this.code = code;
        this.sizeInBits = sizeInBits;
        this.numericKind = numericKind;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String cName() {
        return C_PREFIX + name();
    }

    /** Bits per element: 4, 8, 16, 32 or 64 (0 for {@link #UNKNOWN}). */
    public int sizeInBits() {
        return sizeInBits;
    }

    /** True when one element fills whole bytes (every type but UNKNOWN, UINT4 and INT4). */
    public boolean isByteAddressable() {
        return sizeInBits >= 8;
    }

    /**
     * Bytes per element.
     *
     * @throws IllegalStateException for {@link #UNKNOWN}, {@link #UINT4} and {@link #INT4}, which have no whole-byte
     *     size (use {@link #sizeInBits()})
     */
    public int sizeInBytes() {
        if (!isByteAddressable()) {
            throw new IllegalStateException(name() + " has no whole-byte element size (" + sizeInBits + " bits)");
        }
        return sizeInBits / 8;
    }

    public NumericKind numericKind() {
        return numericKind;
    }

    public boolean isFloatingPoint() {
        return numericKind == NumericKind.FLOATING_POINT;
    }

    public boolean isSignedInteger() {
        return numericKind == NumericKind.SIGNED_INTEGER;
    }

    public boolean isUnsignedInteger() {
        return numericKind == NumericKind.UNSIGNED_INTEGER;
    }

    /** @throws IllegalArgumentException for a code {@code directml.h} does not define */
    public static TensorDataType fromCode(int code) {
        return DmlEnums.fromCode(TensorDataType.class, code);
    }

    /** Parses {@code FLOAT32} or {@code DML_TENSOR_DATA_TYPE_FLOAT32}. */
    public static TensorDataType fromName(String name) {
        return DmlEnums.fromName(TensorDataType.class, C_PREFIX, name);
    }
}

package dev.dmlemu.desc;

/** {@code DML_TENSOR_TYPE}: the tag of the {@code DML_TENSOR_DESC} union. */
public enum TensorType implements DmlEnum {
    INVALID(0),
    BUFFER(1);

    public static final String C_PREFIX = "DML_TENSOR_TYPE_";

    private final int code;

    TensorType(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String cName() {
        return C_PREFIX + name();
    }

    public static TensorType fromCode(int code) {
        return DmlEnums.fromCode(TensorType.class, code);
    }

    public static TensorType fromName(String name) {
        return DmlEnums.fromName(TensorType.class, C_PREFIX, name);
    }
}

package dev.dmlemu.desc;

/**
 * {@code DML_TENSOR_FLAGS}. The header defines one bit, so every legal value is one of these constants.
 * {@link #OWNED_BY_DML} is legal on operator inputs only: such a tensor is bound at initialization and copied
 * by DirectML into its persistent resource.
 */
public enum TensorFlags implements DmlEnum {
    NONE(0x0),
    OWNED_BY_DML(0x1);

    /** DxDispatch writes flag enums in the singular, as the C constants are spelled. */
    public static final String C_PREFIX = "DML_TENSOR_FLAG_";

    private final int code;

    TensorFlags(int code) {
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

    public static TensorFlags fromCode(int code) {
        return DmlEnums.fromCode(TensorFlags.class, code);
    }

    public static TensorFlags fromName(String name) {
        return DmlEnums.fromName(TensorFlags.class, C_PREFIX, name);
    }
}

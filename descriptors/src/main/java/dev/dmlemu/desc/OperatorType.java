package dev.dmlemu.desc;

/**
 * {@code DML_OPERATOR_TYPE}: the tag of the {@code DML_OPERATOR_DESC} union. Only the operators this project
 * speaks of are listed, each with its value from {@code directml.h}.
 */
public enum OperatorType implements DmlEnum {
    INVALID(0),
    ELEMENT_WISE_IDENTITY(1),
    ELEMENT_WISE_ADD(4),
    CAST(61),
    GATHER(67),
    /** Also spelled {@code DML_OPERATOR_SCATTER} in the header (an alias of the same value). */
    SCATTER_ELEMENTS(94),
    FILL_VALUE_SEQUENCE(104),
    GATHER_ELEMENTS(107),
    GATHER_ND(108),
    SCATTER_ND(109),
    GATHER_ND1(140);

    public static final String C_PREFIX = "DML_OPERATOR_";

    private final int code;

    OperatorType(int code) {
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

    public static OperatorType fromCode(int code) {
        return DmlEnums.fromCode(OperatorType.class, code);
    }

    /** Parses {@code GATHER_ELEMENTS} or {@code DML_OPERATOR_GATHER_ELEMENTS}; {@code SCATTER} is the header's alias. */
    public static OperatorType fromName(String name) {
        String upper = name.strip().toUpperCase(java.util.Locale.ROOT);
        if (upper.equals("SCATTER") || upper.equals(C_PREFIX + "SCATTER")) {
            return SCATTER_ELEMENTS;
        }
        return DmlEnums.fromName(OperatorType.class, C_PREFIX, name);
    }
}

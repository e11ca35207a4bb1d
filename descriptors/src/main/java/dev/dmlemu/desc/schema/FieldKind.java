package dev.dmlemu.desc.schema;

import java.util.Arrays;
import java.util.Optional;

/**
 * What one field of a {@code DML_*_OPERATOR_DESC} holds, as the schema data spells it ({@link #token()}). The kind
 * fixes the field's C type (but for {@link #ENUM}, whose type is the enum it names) and its storage, and so its
 * layout on every ABI.
 */
public enum FieldKind {
    /** {@code const DML_TENSOR_DESC*}, read or written. */
    TENSOR("tensor", "const DML_TENSOR_DESC*", Storage.POINTER, Reference.NONE, true),
    /** {@code _Maybenull_ const DML_TENSOR_DESC*}. */
    OPTIONAL_TENSOR("optional-tensor", "const DML_TENSOR_DESC*", Storage.POINTER, Reference.NONE, true),
    /** {@code const DML_TENSOR_DESC*} to as many descs as a UINT count field says. */
    TENSOR_ARRAY("tensor-array", "const DML_TENSOR_DESC*", Storage.POINTER, Reference.COUNT_FIELD, true),
    UINT("uint", "UINT", Storage.FOUR_BYTES, Reference.NONE, false),
    INT("int", "INT", Storage.FOUR_BYTES, Reference.NONE, false),
    FLOAT("float", "FLOAT", Storage.FOUR_BYTES, Reference.NONE, false),
    BOOL("bool", "BOOL", Storage.FOUR_BYTES, Reference.NONE, false),
    /** A C enum (4 bytes); its type is the enum's name. */
    ENUM("enum", null, Storage.FOUR_BYTES, Reference.ENUM_NAME, false),
    UINT_ARRAY("uint-array", "const UINT*", Storage.POINTER, Reference.COUNT_FIELD, false),
    INT_ARRAY("int-array", "const INT*", Storage.POINTER, Reference.COUNT_FIELD, false),
    FLOAT_ARRAY("float-array", "const FLOAT*", Storage.POINTER, Reference.COUNT_FIELD, false),
    /** {@code _Maybenull_ const DML_SCALE_BIAS*}. */
    SCALE_BIAS("scale-bias", "const DML_SCALE_BIAS*", Storage.POINTER, Reference.NONE, false),
    /** {@code DML_SIZE_2D} by value: two UINTs. */
    SIZE_2D("size-2d", "DML_SIZE_2D", Storage.TWO_FOUR_BYTES, Reference.NONE, false),
    /** {@code DML_SCALAR_UNION} by value, whose member a {@code DML_TENSOR_DATA_TYPE} field selects. */
    SCALAR("scalar", "DML_SCALAR_UNION", Storage.EIGHT_BYTES, Reference.DATA_TYPE_FIELD, false),
    /** {@code _Maybenull_ const DML_OPERATOR_DESC*}: an activation fused into the operator. */
    FUSED_ACTIVATION("fused-activation", "const DML_OPERATOR_DESC*", Storage.POINTER, Reference.NONE, false),
    /** {@code const DML_OPERATOR_DESC*} to as many descs as a UINT count field says (the recurrent networks). */
    OPERATOR_DESC_ARRAY("operator-desc-array", "const DML_OPERATOR_DESC*", Storage.POINTER, Reference.COUNT_FIELD,
            false);

    /** How a field is stored; {@link StructLayouts} turns it into a size and alignment per ABI. */
    public enum Storage {
        POINTER,
        /** UINT, INT, FLOAT, BOOL, enums. */
        FOUR_BYTES,
        /** A struct of two 4-byte values ({@code DML_SIZE_2D}). */
        TWO_FOUR_BYTES,
        /** A union with 8-byte members ({@code DML_SCALAR_UNION}: INT64, UINT64, DOUBLE). */
        EIGHT_BYTES
    }

    /** What the field's one argument in the data names, if it has one. */
    public enum Reference {
        NONE,
        /** The UINT field holding the array's length. */
        COUNT_FIELD,
        /** The C enum the field's values come from. */
        ENUM_NAME,
        /** The {@code DML_TENSOR_DATA_TYPE} field selecting the union member. */
        DATA_TYPE_FIELD
    }

    private final String token;
    private final String cType;
    private final Storage storage;
    private final Reference reference;
    private final boolean tensor;

    FieldKind(String token, String cType, Storage storage, Reference reference, boolean tensor) {
        this.token = token;
        this.cType = cType;
        this.storage = storage;
        this.reference = reference;
        this.tensor = tensor;
    }

    /** The kind's spelling in the schema data. */
    public String token() {
        return token;
    }

    public Storage storage() {
        return storage;
    }

    public Reference reference() {
        return reference;
    }

    /** True for the kinds that hold tensors, and so are read or written and take part in binding. */
    public boolean isTensor() {
        return tensor;
    }

    /** The C type; {@code enumName} is used only by {@link #ENUM}. */
    public String cType(String enumName) {
        return this == ENUM ? enumName : cType;
    }

    public static Optional<FieldKind> fromToken(String token) {
        return Arrays.stream(values()).filter(kind -> kind.token.equals(token)).findFirst();
    }
}

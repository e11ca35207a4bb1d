package dev.dmlemu.desc;

import dev.dmlemu.desc.schema.FieldKind;
import dev.dmlemu.desc.schema.SchemaField;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Objects;
import java.util.Optional;

/**
 * One field of an operator desc, in C order: its C name ({@code IndicesTensor}, {@code Axis}), what it holds, the
 * schema's word on it (direction, count field, enum, selecting data type) and the record component that holds it.
 *
 * @param cName the C field name
 * @param type what the field holds
 * @param schema the field as the operator schema data has it
 * @param component the record component holding it
 */
public record DescField(String cName, Type type, SchemaField schema, RecordComponent component) {

    /** What a desc field holds, and so how every layer reads, writes and marshals it (one per {@link FieldKind}). */
    public enum Type {
        /** {@code const DML_TENSOR_DESC*}: a {@link TensorDesc} component. */
        TENSOR(FieldKind.TENSOR),
        /** {@code _Maybenull_ const DML_TENSOR_DESC*}: a {@link TensorDesc}, {@link TensorDesc#NULL} when absent. */
        OPTIONAL_TENSOR(FieldKind.OPTIONAL_TENSOR),
        /** {@code const DML_TENSOR_DESC*} to a count field's number of descs: {@code List<TensorDesc>}. */
        TENSOR_ARRAY(FieldKind.TENSOR_ARRAY),
        /** {@code UINT}: a {@code long} component whose valid values are {@code [0, 2^32)}. */
        UINT(FieldKind.UINT),
        /** {@code INT}: an {@code int}. */
        INT(FieldKind.INT),
        /** {@code FLOAT}: a {@code float}. */
        FLOAT(FieldKind.FLOAT),
        /** {@code BOOL}: a {@code boolean}. */
        BOOL(FieldKind.BOOL),
        /** A C enum: a Java enum implementing {@link DmlEnum}. */
        ENUM(FieldKind.ENUM),
        /** {@code const UINT*}: {@code List<Long>}; its count is a separate UINT field. */
        UINT_ARRAY(FieldKind.UINT_ARRAY),
        /** {@code const INT*}: {@code List<Integer>}. */
        INT_ARRAY(FieldKind.INT_ARRAY),
        /** {@code const FLOAT*}: {@code List<Float>}. */
        FLOAT_ARRAY(FieldKind.FLOAT_ARRAY),
        /** {@code _Maybenull_ const DML_SCALE_BIAS*}: {@code Optional<ScaleBias>}. */
        SCALE_BIAS(FieldKind.SCALE_BIAS),
        /** {@code DML_SIZE_2D}: a {@link Size2d}. */
        SIZE_2D(FieldKind.SIZE_2D),
        /** {@code DML_SCALAR_UNION}: a {@link ScalarUnion}. */
        SCALAR(FieldKind.SCALAR),
        /** {@code _Maybenull_ const DML_OPERATOR_DESC*}: {@code Optional<OperatorDesc>}. */
        FUSED_ACTIVATION(FieldKind.FUSED_ACTIVATION),
        /** {@code const DML_OPERATOR_DESC*} to a count field's number of descs: {@code List<OperatorDesc>}. */
        OPERATOR_DESC_ARRAY(FieldKind.OPERATOR_DESC_ARRAY);

        private final FieldKind kind;

        Type(FieldKind kind) {
            this.kind = kind;
        }

        /** The schema's kind. */
        public FieldKind kind() {
            return kind;
        }

        /** The type of a schema kind. */
        public static Type of(FieldKind kind) {
            for (Type type : values()) {
                if (type.kind == kind) {
                    return type;
                }
            }
            throw new IllegalArgumentException("no field type for " + kind);
        }

        /** True for the kinds that hold tensor descs. */
        public boolean isTensor() {
            return kind.isTensor();
        }
    }

    public DescField {
        Objects.requireNonNull(cName, "cName");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(component, "component");
    }

    /** Whether the operator reads or writes it, for tensor fields. */
    public Optional<TensorKind> direction() {
        return schema.direction();
    }

    /**
     * What the field's kind refers to: the count field of an array, the C enum of an enum field, the data-type field
     * selecting a scalar union's member.
     */
    public Optional<String> reference() {
        return schema.reference();
    }

    /** The Java enum class of an {@link Type#ENUM} field. */
    @SuppressWarnings("unchecked")
    public <E extends Enum<E> & DmlEnum> Class<E> enumType() {
        if (type != Type.ENUM) {
            throw new IllegalStateException(cName + " is not an enum field");
        }
        return (Class<E>) component.getType();
    }

    /**
     * The field's value in {@code desc}: a {@link TensorDesc}, {@link Long}, {@link Integer}, {@link Float},
     * {@link Boolean}, {@link DmlEnum}, {@code List}, {@code Optional}, {@link Size2d} or {@link ScalarUnion}, as its
     * type says.
     */
    public Object valueIn(OperatorDesc desc) {
        try {
            return component.getAccessor().invoke(desc);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + cName + " of " + desc.operatorType().cName(), e);
        }
    }
}

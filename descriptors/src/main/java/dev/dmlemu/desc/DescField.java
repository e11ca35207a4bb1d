package dev.dmlemu.desc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Objects;

/**
 * One field of an operator desc, in C order: its C name ({@code IndicesTensor}, {@code Axis}), what it holds, and
 * the record component that holds it. The record mirrors the C struct (CONTRIBUTING's naming rule: components are
 * the C fields, lowerCamel, in C order), so the field list follows from the record alone.
 *
 * @param cName the C field name
 * @param type what the field holds
 */
public record DescField(String cName, Type type, RecordComponent component) {

    /** What a desc field holds, and so how every layer reads, writes and marshals it. */
    public enum Type {
        /** {@code const DML_TENSOR_DESC*}: a {@link TensorDesc} component. */
        TENSOR,
        /** {@code UINT}: a {@code long} component whose valid values are {@code [0, 2^32)}. */
        UINT
    }

    public DescField {
        Objects.requireNonNull(cName, "cName");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(component, "component");
    }

    /** The field's value in {@code desc}: a {@link TensorDesc} or a {@link Long}. */
    public Object valueIn(OperatorDesc desc) {
        try {
            return component.getAccessor().invoke(desc);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + cName + " of " + desc.operatorType().cName(), e);
        }
    }
}

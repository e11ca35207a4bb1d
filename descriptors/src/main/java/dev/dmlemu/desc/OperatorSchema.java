package dev.dmlemu.desc;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An operator desc's fields in C order, read off its record, and how to build the record from values in that order.
 * The model-file reader and writer and the native marshaller walk these fields, so an operator needs no code of its
 * own in those layers: its record is its schema.
 *
 * @param operatorType the operator
 * @param descType the record class
 * @param fields every field in C order
 */
public record OperatorSchema(OperatorType operatorType, Class<? extends OperatorDesc> descType,
        List<DescField> fields) {

    public OperatorSchema {
        Objects.requireNonNull(operatorType, "operatorType");
        Objects.requireNonNull(descType, "descType");
        fields = List.copyOf(fields);
    }

    /**
     * The schema of a desc record: a {@link TensorDesc} component is a {@code TENSOR} field, a {@code long} one a
     * {@code UINT} field, and each C name is the component's name with its first letter capitalised.
     *
     * @throws IllegalArgumentException for a component of any other type
     */
    static OperatorSchema of(OperatorType operatorType, Class<? extends OperatorDesc> descType) {
        List<DescField> fields = new ArrayList<>();
        for (RecordComponent component : descType.getRecordComponents()) {
            String name = component.getName();
            String cName = Character.toUpperCase(name.charAt(0)) + name.substring(1);
            DescField.Type type;
            if (component.getType() == TensorDesc.class) {
                type = DescField.Type.TENSOR;
            } else if (component.getType() == long.class) {
                type = DescField.Type.UINT;
            } else {
                throw new IllegalArgumentException(descType.getSimpleName() + "." + name + ": no field type for "
                        + component.getType());
            }
            fields.add(new DescField(cName, type, component));
        }
        return new OperatorSchema(operatorType, descType, fields);
    }

    /** The C field names in C order. */
    public List<String> fieldNames() {
        return fields.stream().map(DescField::cName).toList();
    }

    /**
     * The desc holding {@code values} ({@link TensorDesc}s and {@link Long}s), one per field in C order.
     *
     * @throws IllegalArgumentException if the values do not match the fields
     */
    public OperatorDesc create(List<Object> values) {
        if (values.size() != fields.size()) {
            throw new IllegalArgumentException(operatorType.cName() + " has " + fields.size() + " fields, not "
                    + values.size());
        }
        Class<?>[] types = fields.stream().map(field -> field.component().getType()).toArray(Class<?>[]::new);
        try {
            Constructor<? extends OperatorDesc> constructor = descType.getDeclaredConstructor(types);
            return constructor.newInstance(values.toArray());
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + descType.getSimpleName(), e);
        }
    }
}

package dev.dmlemu.desc;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import dev.dmlemu.desc.schema.SchemaCatalog;
import dev.dmlemu.desc.schema.SchemaField;
import dev.dmlemu.desc.schema.SchemaOperator;

/**
 * An operator desc's fields in C order, from the operator schema data paired with its record's components, and how
 * to build the record from values in that order.
 * The model-file reader and writer and the native marshaller walk these fields, so an operator needs no code of its
 * own in those layers.
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
     * The schema of a desc record: the operator schema data's fields, paired in C order with the record's components,
     * each component of the Java type its field's kind calls for (CONTRIBUTING, "Naming").
     *
     * @throws IllegalArgumentException if the record and the data disagree on the fields
     */
    static OperatorSchema of(OperatorType operatorType, Class<? extends OperatorDesc> descType) {
        SchemaOperator data = SchemaCatalog.directMl().operator(operatorType.code()).orElseThrow(() ->
                new IllegalArgumentException(operatorType.cName() + " is not in the operator schema"));
        RecordComponent[] components = descType.getRecordComponents();
        if (components.length != data.fields().size()) {
            throw new IllegalArgumentException(descType.getSimpleName() + " has " + components.length
                    + " components but " + data.structName() + " has " + data.fields().size() + " fields");
        }
        List<DescField> fields = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            SchemaField field = data.fields().get(i);
            RecordComponent component = components[i];
            if (!component.getName().equalsIgnoreCase(field.name())) {
                throw new IllegalArgumentException(descType.getSimpleName() + "." + component.getName()
                        + " stands where " + data.structName() + " has " + field.name());
            }
            DescField.Type type = DescField.Type.of(field.kind());
            if (!JavaTypes.fits(type, component)) {
                throw new IllegalArgumentException(descType.getSimpleName() + "." + component.getName() + " is a "
                        + component.getGenericType().getTypeName() + ", not the Java type of a " + field.kind().token()
                        + " field");
            }
            fields.add(new DescField(field.name(), type, field, component));
        }
        return new OperatorSchema(operatorType, descType, fields);
    }

    /** The C field names in C order. */
    public List<String> fieldNames() {
        return fields.stream().map(DescField::cName).toList();
    }

    /**
     * The desc holding {@code values} (of the types {@link DescField#valueIn} returns), one per field in C order.
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

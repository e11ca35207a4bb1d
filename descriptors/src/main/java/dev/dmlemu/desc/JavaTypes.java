package dev.dmlemu.desc;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/** The Java type a desc field of each kind is held in, checked against a record component. */
final class JavaTypes {

    private JavaTypes() {}

    static boolean fits(DescField.Type type, RecordComponent component) {
        Class<?> raw = component.getType();
        Type generic = component.getGenericType();
        return switch (type) {
            case TENSOR, OPTIONAL_TENSOR -> raw == TensorDesc.class;
            case TENSOR_ARRAY -> isOf(generic, List.class, TensorDesc.class);
            case UINT -> raw == long.class;
            case INT -> raw == int.class;
            case FLOAT -> raw == float.class;
            case BOOL -> raw == boolean.class;
            case ENUM -> raw.isEnum() && DmlEnum.class.isAssignableFrom(raw);
            case UINT_ARRAY -> isOf(generic, List.class, Long.class);
            case INT_ARRAY -> isOf(generic, List.class, Integer.class);
            case FLOAT_ARRAY -> isOf(generic, List.class, Float.class);
            case SCALE_BIAS -> isOf(generic, Optional.class, ScaleBias.class);
            case SIZE_2D -> raw == Size2d.class;
            case SCALAR -> raw == ScalarUnion.class;
            case FUSED_ACTIVATION -> isOf(generic, Optional.class, OperatorDesc.class);
            case OPERATOR_DESC_ARRAY -> isOf(generic, List.class, OperatorDesc.class);
        };
    }

    private static boolean isOf(Type generic, Class<?> container, Class<?> element) {
        return generic instanceof ParameterizedType p && p.getRawType() == container
                && p.getActualTypeArguments()[0] == element;
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorFlags;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A desc of any operator with every field set to a value that tells it apart from the others and from a zeroed
 * struct: each UINT, INT and FLOAT distinct, each enum its last constant, each count field the length of its arrays
 * (2), each tensor a buffer desc of its own sizes, every optional part present, a fused activation
 * {@code ACTIVATION_LINEAR} with its own Alpha and Beta, and the scalars of the data type {@code FLOAT32}. For tests
 * that check a field lands where it should (marshalling, model files); the values mean nothing to DirectML.
 */
public final class PopulatedDescs {

    /** Every array and tensor array of a populated desc has this many elements, and every count field says so. */
    public static final int ARRAY_LENGTH = 2;

    private PopulatedDescs() {}

    /** A populated desc of {@code type}. */
    public static OperatorDesc of(OperatorType type) {
        return of(type, 0);
    }

    private static OperatorDesc of(OperatorType type, int salt) {
        OperatorSchema schema = OperatorDescs.schema(type).orElseThrow();
        Map<String, Object> byName = new HashMap<>();
        List<Object> values = new ArrayList<>();
        int ordinal = salt;
        for (DescField field : schema.fields()) {
            ordinal++;
            Object value = value(field, ordinal, byName, schema);
            byName.put(field.cName(), value);
            values.add(value);
        }
        return schema.create(values);
    }

    private static Object value(DescField field, int n, Map<String, Object> earlier, OperatorSchema schema) {
        return switch (field.type()) {
            case TENSOR, OPTIONAL_TENSOR -> tensor(n);
            case TENSOR_ARRAY -> List.of(tensor(n), tensor(n + 50));
            case UINT -> isCount(field, schema) ? (long) ARRAY_LENGTH : 1000L + n;
            case INT -> -(n + 1);
            case FLOAT -> n + 0.25f;
            case BOOL -> true;
            case ENUM -> field.component().getType() == TensorDataType.class ? TensorDataType.FLOAT32 : last(field);
            case UINT_ARRAY -> List.of(2000L + n, 3000L + n);
            case INT_ARRAY -> List.of(-2000 - n, 3000 + n);
            case FLOAT_ARRAY -> List.of(n + 0.5f, -n - 0.75f);
            case SCALE_BIAS -> Optional.of(new ScaleBias(n + 0.125f, -n - 0.625f));
            case SIZE_2D -> new Size2d(40L + n, 60L + n);
            case SCALAR -> ScalarUnion.of(TensorDataType.FLOAT32, n + 0.375);
            case FUSED_ACTIVATION -> Optional.of(activation(n));
            case OPERATOR_DESC_ARRAY -> List.of(activation(n), activation(n + 20));
        };
    }

    /** ACTIVATION_LINEAR with NULL tensors, as DirectML takes a fused activation, and Alpha, Beta of its own. */
    private static OperatorDesc activation(int n) {
        OperatorSchema linear = OperatorDescs.schema(OperatorType.ACTIVATION_LINEAR).orElseThrow();
        List<Object> values = new ArrayList<>();
        for (DescField field : linear.fields()) {
            values.add(field.type().isTensor() ? TensorDesc.NULL : (Object) (n + values.size() + 0.5f));
        }
        return linear.create(values);
    }

    private static boolean isCount(DescField field, OperatorSchema schema) {
        return schema.fields().stream().anyMatch(other -> other.type() != DescField.Type.SCALAR
                && other.type() != DescField.Type.ENUM && other.reference().equals(Optional.of(field.cName())));
    }

    private static TensorDesc tensor(int n) {
        long d = n % 7 + 2;
        return new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 4, List.of(1L, 2L, d, 3L),
                Optional.of(List.of(6 * d, 3 * d, 3L, 1L)), 4L * 6 * d, 0);
    }

    private static Object last(DescField field) {
        Object[] constants = field.component().getType().getEnumConstants();
        return constants[constants.length - 1];
    }
}

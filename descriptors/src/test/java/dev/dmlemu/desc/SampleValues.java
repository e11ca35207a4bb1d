package dev.dmlemu.desc;

import java.util.List;
import java.util.Optional;

/**
 * A value of the right Java type for any desc field, for tests that build every operator's record: tensors are
 * {@code tensor}, UINTs {@code uint}, everything else a plain value of its kind.
 */
public final class SampleValues {

    private SampleValues() {}

    public static Object of(DescField field, TensorDesc tensor, long uint) {
        return switch (field.type()) {
            case TENSOR, OPTIONAL_TENSOR -> tensor;
            case TENSOR_ARRAY -> List.of(tensor, tensor);
            case UINT -> uint;
            case INT -> -3;
            case FLOAT -> 1.5f;
            case BOOL -> true;
            case ENUM -> field.enumType().getEnumConstants()[0];
            case UINT_ARRAY -> List.of(uint, uint);
            case INT_ARRAY -> List.of(-1, 2);
            case FLOAT_ARRAY -> List.of(0.5f, 2f);
            case SCALE_BIAS -> Optional.of(new ScaleBias(2f, 1f));
            case SIZE_2D -> new Size2d(uint, uint + 1);
            case SCALAR -> ScalarUnion.of(TensorDataType.FLOAT32, 3);
            case FUSED_ACTIVATION -> Optional.of(new ActivationReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
            case OPERATOR_DESC_ARRAY -> List.of(new ActivationReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
        };
    }
}

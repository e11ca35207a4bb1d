package dev.dmlemu.desc;

/** A {@code DML_TENSOR_DESC} whose {@code Type} is {@code DML_TENSOR_TYPE_INVALID}; DirectML rejects it. */
public record InvalidTensorDesc() implements TensorDesc {

    @Override
    public TensorType tensorType() {
        return TensorType.INVALID;
    }
}

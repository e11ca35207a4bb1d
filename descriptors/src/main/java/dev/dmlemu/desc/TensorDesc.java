package dev.dmlemu.desc;

/**
 * {@code DML_TENSOR_DESC}: a tagged union whose tag is {@link #tensorType()}. DirectML defines one payload,
 * {@code DML_BUFFER_TENSOR_DESC}; a desc tagged {@code INVALID} is representable so that it can be diagnosed, and so
 * is a NULL pointer to a desc ({@link #NULL}), which optional tensor fields hold when absent.
 */
public sealed interface TensorDesc permits BufferTensorDesc, InvalidTensorDesc, NullTensorDesc {

    /** A NULL {@code const DML_TENSOR_DESC*}. */
    TensorDesc NULL = new NullTensorDesc();

    /** The union tag, {@code DML_TENSOR_DESC::Type}. */
    TensorType tensorType();

    /** True for a NULL pointer rather than a desc. */
    default boolean isNull() {
        return this instanceof NullTensorDesc;
    }
}

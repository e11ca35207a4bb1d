package dev.dmlemu.desc;

/**
 * {@code DML_TENSOR_DESC}: a tagged union whose tag is {@link #tensorType()}. DirectML defines one payload,
 * {@code DML_BUFFER_TENSOR_DESC}; a desc tagged {@code INVALID} is representable so that it can be diagnosed.
 */
public sealed interface TensorDesc permits BufferTensorDesc, InvalidTensorDesc {

    /** The union tag, {@code DML_TENSOR_DESC::Type}. */
    TensorType tensorType();
}

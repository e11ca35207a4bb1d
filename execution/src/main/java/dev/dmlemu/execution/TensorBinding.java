package dev.dmlemu.execution;

/**
 * What is bound to one tensor field, DirectML's {@code DML_BINDING_DESC}: a buffer range
 * ({@code DML_BINDING_TYPE_BUFFER}, {@link BufferBinding}) or nothing ({@code DML_BINDING_TYPE_NONE}, {@link #NONE}),
 * which is what an absent optional tensor ({@code TensorDesc.NULL}) takes. A tensor array binds one buffer per
 * element, as each element is a tensor field of its own ({@code InputTensors[0]}, ...).
 */
public sealed interface TensorBinding permits BufferBinding, NoBinding {

    /** {@code DML_BINDING_TYPE_NONE}: nothing bound. */
    TensorBinding NONE = new NoBinding();
}

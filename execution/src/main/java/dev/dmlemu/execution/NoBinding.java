package dev.dmlemu.execution;

/**
 * {@code DML_BINDING_TYPE_NONE}: no buffer bound to a tensor field, as DirectML wants for an optional tensor left out
 * of the desc. Use {@link TensorBinding#NONE}.
 */
public record NoBinding() implements TensorBinding {}

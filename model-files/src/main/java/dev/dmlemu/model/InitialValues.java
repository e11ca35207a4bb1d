package dev.dmlemu.model;

/**
 * A resource's {@code initialValues}, in one of DxDispatch's buffer initializer forms: an array (as read,
 * {@link EncodedValues}; as written in code, {@link ArrayValues}), a constant, an arithmetic sequence, or a
 * {@code .npy} file.
 */
public sealed interface InitialValues permits ArrayValues, EncodedValues, ConstantValues, SequenceValues, FileValues {}

package dev.dmlemu.model;

/**
 * A resource's {@code initialValues}, in one of DxDispatch's buffer initializer forms: an array (as read,
 * {@link EncodedValues}; as written in code, {@link ArrayValues}), a constant, an arithmetic sequence, a typed list
 * ({@link ListValues}), or a {@code .npy}, {@code .dat} or {@code .bin} file.
 */
public sealed interface InitialValues permits ArrayValues, EncodedValues, ConstantValues, SequenceValues, FileValues,
        ListValues {}

package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One entry of {@code resources}: a buffer, its element type and initial contents.
 *
 * @param initialValuesDataType {@code initialValuesDataType}: how {@code initialValues} become bytes, and how
 *     {@code print} reads them back; for a {@code .npy} file given without it, the file's dtype; {@link
 *     TensorDataType#UNKNOWN} for DxDispatch's list initializer ({@link ListValues}), whose entries carry their own
 * @param initialValues {@code initialValues}
 * @param sizeInBytes {@code sizeInBytes} ({@code UINT64}) when given: at least the initial data's size plus its
 *     offset; the buffer is this large, rounded up to 4
 * @param initialValuesOffsetInBytes {@code initialValuesOffsetInBytes} ({@code UINT64}, default 0): where in the buffer
 *     the initial data starts; the bytes before it are zero
 */
public record ResourceDecl(TensorDataType initialValuesDataType, InitialValues initialValues, OptionalLong sizeInBytes,
        long initialValuesOffsetInBytes) {

    public ResourceDecl {
        Objects.requireNonNull(initialValuesDataType, "initialValuesDataType");
        Objects.requireNonNull(initialValues, "initialValues");
        Objects.requireNonNull(sizeInBytes, "sizeInBytes");
    }

    /** A resource whose initial data starts at byte 0. */
    public ResourceDecl(TensorDataType initialValuesDataType, InitialValues initialValues, OptionalLong sizeInBytes) {
        this(initialValuesDataType, initialValues, sizeInBytes, 0);
    }
}

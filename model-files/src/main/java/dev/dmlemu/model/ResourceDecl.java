package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One entry of {@code resources}: a buffer, its element type and initial contents.
 *
 * @param initialValuesDataType {@code initialValuesDataType}: how {@code initialValues} become bytes, and how
 *     {@code print} reads them back
 * @param initialValues {@code initialValues}
 * @param sizeInBytes {@code sizeInBytes} ({@code UINT64}) when given: at least the initial data's size; the buffer is
 *     this large, rounded up to 4
 */
public record ResourceDecl(TensorDataType initialValuesDataType, InitialValues initialValues, OptionalLong sizeInBytes) {

    public ResourceDecl {
        Objects.requireNonNull(initialValuesDataType, "initialValuesDataType");
        Objects.requireNonNull(initialValues, "initialValues");
        Objects.requireNonNull(sizeInBytes, "sizeInBytes");
    }
}

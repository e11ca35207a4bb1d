package dev.dmlemu.model;

import java.util.Objects;

/**
 * {@code "initialValues": {"valueCount": N, "value": v}}: N copies of one value.
 *
 * @param valueCount number of elements ({@code UINT32})
 * @param value the element
 */
public record ConstantValues(long valueCount, Scalar value) implements InitialValues {

    public ConstantValues {
        Objects.requireNonNull(value, "value");
    }
}

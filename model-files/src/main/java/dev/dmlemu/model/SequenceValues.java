package dev.dmlemu.model;

import java.util.Objects;

/**
 * {@code "initialValues": {"valueCount": N, "valueStart": s, "valueDelta": d}}: element {@code i} is
 * {@code s + i * d}, computed exactly in decimal and rounded once to the resource's data type (no accumulated
 * rounding error).
 *
 * @param valueCount number of elements ({@code UINT32})
 * @param valueStart element 0
 * @param valueDelta difference between neighbours
 */
public record SequenceValues(long valueCount, Scalar valueStart, Scalar valueDelta) implements InitialValues {

    public SequenceValues {
        Objects.requireNonNull(valueStart, "valueStart");
        Objects.requireNonNull(valueDelta, "valueDelta");
    }
}

package dev.dmlemu.model;

import java.util.Objects;

/**
 * {@code "initialValues": {"valueCount": N, "valueStart": s, "valueDelta": d}}: element 0 is {@code s} and each
 * next element is the previous one plus {@code d}, added in the resource's data type as DxDispatch does (exact for
 * integers; a float type accumulates its rounding; docs/directml-behaviour.md §9.1).
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

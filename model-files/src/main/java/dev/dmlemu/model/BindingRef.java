package dev.dmlemu.model;

import java.util.Objects;

/**
 * The resource bound to one tensor field: {@code "X"}, {@code ["X"]}, or {@code {"name": "X", "elementOffset": 4}}.
 * DxDispatch turns it into a {@code DML_BUFFER_BINDING} whose {@code Offset} is {@code elementOffset *
 * elementSizeInBytes} and whose {@code SizeInBytes} is the rest of the buffer; a binding's {@code elementCount} does
 * not reach a DML operator's binding there, so it is not kept here.
 *
 * @param resource the resource name
 * @param elementOffset where the tensor starts in the resource, in elements ({@code UINT64})
 * @param elementSizeInBytes the size of one element for {@code elementOffset} ({@code UINT64}); 0 means the size of
 *     the resource's {@code initialValuesDataType}, as in DxDispatch
 */
public record BindingRef(String resource, long elementOffset, long elementSizeInBytes) {

    public BindingRef {
        Objects.requireNonNull(resource, "resource");
    }

    /** A binding whose element size is the resource's. */
    public BindingRef(String resource, long elementOffset) {
        this(resource, elementOffset, 0);
    }

    /** The whole resource, from its first element. */
    public static BindingRef of(String resource) {
        return new BindingRef(resource, 0);
    }
}

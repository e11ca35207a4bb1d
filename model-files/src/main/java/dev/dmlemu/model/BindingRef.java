package dev.dmlemu.model;

import java.util.Objects;

/**
 * The resource bound to one tensor field: {@code "X"} or {@code {"name": "X", "elementOffset": 4}}.
 *
 * @param resource the resource name
 * @param elementOffset where the tensor starts in the resource, in elements of the resource's data type
 *     ({@code UINT64}; DxDispatch turns it into {@code DML_BUFFER_BINDING.Offset})
 */
public record BindingRef(String resource, long elementOffset) {

    public BindingRef {
        Objects.requireNonNull(resource, "resource");
    }

    /** The whole resource, from its first element. */
    public static BindingRef of(String resource) {
        return new BindingRef(resource, 0);
    }
}

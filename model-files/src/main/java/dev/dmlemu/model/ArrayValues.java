package dev.dmlemu.model;

import java.util.List;

/** {@code "initialValues": [1, 2, "nan"]}: the elements themselves. */
public record ArrayValues(List<Scalar> values) implements InitialValues {

    public ArrayValues {
        values = List.copyOf(values);
    }
}

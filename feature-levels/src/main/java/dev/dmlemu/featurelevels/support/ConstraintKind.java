package dev.dmlemu.featurelevels.support;

import java.util.Optional;

/** What a "Tensor constraints" line says the named tensors share: the three the docs state across tensors. */
public enum ConstraintKind {
    SAME_DATA_TYPE("DataType"),
    SAME_DIMENSION_COUNT("DimensionCount"),
    SAME_SIZES("Sizes");

    private final String property;

    ConstraintKind(String property) {
        this.property = property;
    }

    /** The tensor-desc property, as the docs and the data file name it: {@code DimensionCount}. */
    public String property() {
        return property;
    }

    public static Optional<ConstraintKind> fromProperty(String property) {
        for (ConstraintKind kind : values()) {
            if (kind.property.equals(property)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}

package dev.dmlemu.featurelevels.support;

import java.util.List;
import java.util.Objects;

/**
 * A cross-tensor rule from a docs page's "Tensor constraints": the named tensor fields must have the same
 * DataType, DimensionCount or Sizes (an absent optional tensor takes no part).
 *
 * @param kind what they share
 * @param fields the tensor fields' C names, in the docs' order
 */
public record TensorConstraint(ConstraintKind kind, List<String> fields) {

    public TensorConstraint {
        Objects.requireNonNull(kind, "kind");
        fields = List.copyOf(fields);
        if (fields.size() < 2) {
            throw new IllegalArgumentException("a constraint names at least two tensors");
        }
    }

    @Override
    public String toString() {
        return String.join(", ", fields) + ": same " + kind.property();
    }
}

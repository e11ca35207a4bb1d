package dev.dmlemu.lowering;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The attribute values given for a node, each empty when the node omits it (the operator's default then applies).
 * {@link FrameworkNode#of(Frontend, java.util.List, ElementType, java.util.List, ElementType, NodeAttributes)} refuses
 * a value for an attribute the operator version does not have.
 *
 * @param axis {@link NodeAttribute#AXIS}
 * @param batchDims {@link NodeAttribute#BATCH_DIMS}
 * @param reduction {@link NodeAttribute#REDUCTION}
 */
public record NodeAttributes(OptionalLong axis, OptionalLong batchDims, Optional<Reduction> reduction) {

    public NodeAttributes {
        Objects.requireNonNull(axis, "axis");
        Objects.requireNonNull(batchDims, "batchDims");
        Objects.requireNonNull(reduction, "reduction");
    }

    /** An axis and {@code batch_dims}, no reduction (the gathers' attributes). */
    public NodeAttributes(OptionalLong axis, OptionalLong batchDims) {
        this(axis, batchDims, Optional.empty());
    }

    /** No attribute given. */
    public static NodeAttributes none() {
        return new NodeAttributes(OptionalLong.empty(), OptionalLong.empty(), Optional.empty());
    }

    public NodeAttributes withAxis(long newAxis) {
        return new NodeAttributes(OptionalLong.of(newAxis), batchDims, reduction);
    }

    public NodeAttributes withBatchDims(long newBatchDims) {
        return new NodeAttributes(axis, OptionalLong.of(newBatchDims), reduction);
    }

    public NodeAttributes withReduction(Reduction newReduction) {
        return new NodeAttributes(axis, batchDims, Optional.of(newReduction));
    }

    /** The attributes that have a value. */
    public Set<NodeAttribute> given() {
        Set<NodeAttribute> given = EnumSet.noneOf(NodeAttribute.class);
        if (axis.isPresent()) {
            given.add(NodeAttribute.AXIS);
        }
        if (batchDims.isPresent()) {
            given.add(NodeAttribute.BATCH_DIMS);
        }
        if (reduction.isPresent()) {
            given.add(NodeAttribute.REDUCTION);
        }
        return given;
    }
}

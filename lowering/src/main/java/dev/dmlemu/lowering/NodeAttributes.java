package dev.dmlemu.lowering;

import java.util.EnumSet;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The attribute values given for a node, each empty when the node omits it (the operator's default then applies).
 * {@link FrameworkNode#of(Frontend, java.util.List, ElementType, java.util.List, ElementType, NodeAttributes)} refuses
 * a value for an attribute the operator version does not have.
 *
 * @param axis {@link NodeAttribute#AXIS}
 * @param batchDims {@link NodeAttribute#BATCH_DIMS}
 */
public record NodeAttributes(OptionalLong axis, OptionalLong batchDims) {

    public NodeAttributes {
        Objects.requireNonNull(axis, "axis");
        Objects.requireNonNull(batchDims, "batchDims");
    }

    /** No attribute given. */
    public static NodeAttributes none() {
        return new NodeAttributes(OptionalLong.empty(), OptionalLong.empty());
    }

    public NodeAttributes withAxis(long newAxis) {
        return new NodeAttributes(OptionalLong.of(newAxis), batchDims);
    }

    public NodeAttributes withBatchDims(long newBatchDims) {
        return new NodeAttributes(axis, OptionalLong.of(newBatchDims));
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
        return given;
    }
}

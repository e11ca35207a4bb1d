package dev.dmlemu.lowering;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/** What every {@link FrameworkNode} record checks on construction. */
final class NodeRecords {

    private NodeRecords() {}

    /** No nulls, and a frontend of {@code operator}. */
    static void requireComplete(FrameworkOperator operator, Frontend frontend, List<Long> dataShape,
            ElementType dataType, List<Long> indicesShape, ElementType indicesType, IndexSign indexSign) {
        Objects.requireNonNull(frontend, "frontend");
        Objects.requireNonNull(dataShape, "dataShape");
        Objects.requireNonNull(dataType, "dataType");
        Objects.requireNonNull(indicesShape, "indicesShape");
        Objects.requireNonNull(indicesType, "indicesType");
        Objects.requireNonNull(indexSign, "indexSign");
        if (frontend.operator() != operator) {
            throw new IllegalArgumentException(frontend.displayName() + " is not a " + operator.displayName()
                    + " operator");
        }
    }

    /** The axis counted from the front: the node's axis (0 when omitted), plus {@code rank} when negative. */
    static long frontAxis(OptionalLong axis, int rank) {
        long value = axis.orElse(0);
        return value < 0 ? value + rank : value;
    }
}

package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A framework gather node as a backend sees it before lowering: shapes (outermost dimension first) and element types
 * of {@code data} and {@code indices}, and what is known about the sign of the indices. Attributes belong to the
 * operators that have them: the axis to an {@link AxisNode} (GatherElements, Gather), {@code batch_dims} to a
 * {@link GatherNdNode}. The records accept any shape and attribute value (only nulls and a frontend of another
 * operator are refused); the lowering judges them.
 */
public sealed interface FrameworkNode permits AxisNode, GatherNdNode {

    /** The operator and version the node comes from. */
    Frontend frontend();

    List<Long> dataShape();

    /** The element type of {@code data} and of the output. */
    ElementType dataType();

    List<Long> indicesShape();

    /** The element type of {@code indices}; the frameworks allow int32 and int64. */
    ElementType indicesType();

    /** Whether the index values may be negative. */
    IndexSign indexSign();

    FrameworkNode withIndexSign(IndexSign newIndexSign);

    /**
     * The framework output's shape.
     *
     * @throws IllegalStateException for a node whose attributes do not fit its shapes (an axis outside the data's
     *     rank, a tuple longer than the data's dimensions; no lowered node has one)
     */
    List<Long> outputShape();

    /**
     * Which data dimension each index value counts along, for the framework's index rule
     * ({@link FrameworkIndexCheck}).
     *
     * @throws IllegalStateException for a node whose attributes do not fit its shapes (no lowered node has one)
     */
    IndexTargets indexTargets();

    /** Lowers the node's shapes and types onto its DirectML operator; no data is needed. */
    LoweringResult lower(FeatureLevel target, LoweringOptions options);

    /**
     * Lowers the node with its tensors' bytes (packed, little-endian, from position to limit; copied, not changed),
     * producing the buffers to bind so that executing the desc yields the framework's output.
     */
    BufferLoweringResult lowerWithBuffers(FeatureLevel target, LoweringOptions options, ByteBuffer data,
            ByteBuffer indices);

    /** The rank of {@code data}. */
    default int rank() {
        return dataShape().size();
    }

    /**
     * A node of {@code frontend}'s operator, with the index sign its spec allows: {@link IndexSign#MAY_BE_NEGATIVE}
     * where indices may count from the end, {@link IndexSign#NON_NEGATIVE} where they are bounded to {@code [0, s-1]}.
     *
     * @param attributes the attribute values given; the others take the operator's defaults
     * @throws IllegalArgumentException if a value is given for an attribute {@code frontend} does not have
     */
    static FrameworkNode of(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, NodeAttributes attributes) {
        Objects.requireNonNull(frontend, "frontend");
        for (NodeAttribute given : attributes.given()) {
            if (!frontend.attributes().contains(given)) {
                throw new IllegalArgumentException(frontend.displayName() + " has no " + given.onnxName()
                        + " attribute");
            }
        }
        IndexSign sign = frontend.allowsNegativeIndices() ? IndexSign.MAY_BE_NEGATIVE : IndexSign.NON_NEGATIVE;
        return frontend.operator().newNode(frontend, dataShape, dataType, indicesShape, indicesType, attributes,
                sign);
    }

    /**
     * {@link #of(Frontend, List, ElementType, List, ElementType, NodeAttributes)} with at most an axis.
     *
     * @param axis the axis, or empty to omit it
     * @throws IllegalArgumentException if an axis is given for an operator without one (GatherND)
     */
    static FrameworkNode of(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, OptionalLong axis) {
        return of(frontend, dataShape, dataType, indicesShape, indicesType,
                new NodeAttributes(axis, OptionalLong.empty()));
    }
}

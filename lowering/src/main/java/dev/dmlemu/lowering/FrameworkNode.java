package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.OptionalLong;

/**
 * A framework gather node as a backend sees it before lowering: shapes (outermost dimension first) and element types
 * of {@code data} and {@code indices}, the axis and what is known about the sign of the indices. The records accept
 * any shape and axis (only nulls and a frontend of another operator are refused); the lowering judges them.
 */
public sealed interface FrameworkNode permits GatherElementsNode, GatherNode {

    /** The operator and version the node comes from. */
    Frontend frontend();

    List<Long> dataShape();

    /** The element type of {@code data} and of the output. */
    ElementType dataType();

    List<Long> indicesShape();

    /** The element type of {@code indices}; the frameworks allow int32 and int64. */
    ElementType indicesType();

    /** The axis, negative counting from the back; empty when the node omits it (ONNX then uses 0). */
    OptionalLong axis();

    /** Whether the index values may be negative. */
    IndexSign indexSign();

    FrameworkNode withIndexSign(IndexSign newIndexSign);

    /**
     * The framework output's shape.
     *
     * @throws IllegalStateException for a node whose axis is outside the data's rank (no lowered node has one)
     */
    List<Long> outputShape();

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
     * @param axis the axis, or empty to omit it
     */
    static FrameworkNode of(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, OptionalLong axis) {
        IndexSign sign = frontend.allowsNegativeIndices() ? IndexSign.MAY_BE_NEGATIVE : IndexSign.NON_NEGATIVE;
        return frontend.operator().newNode(frontend, dataShape, dataType, indicesShape, indicesType, axis, sign);
    }
}

package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A framework gather or scatter node as a backend sees it before lowering: shapes (outermost dimension first) and
 * element types of {@code data} and {@code indices}, for a scatter ({@link ScatterNode}) the shape of {@code updates},
 * and what is known about the sign of the indices. Attributes belong to the operators that have them: the axis to an
 * {@link AxisNode} (GatherElements, Gather, ScatterElements), {@code batch_dims} to a {@link GatherNdNode},
 * {@code reduction} to a {@link ScatterNode}. The records accept any shape and attribute value (only nulls and a
 * frontend of another operator are refused); the lowering judges them.
 *
 * <p>Code that handles any node asks it for its {@link #inputs()} and each tensor's {@link #shapeOf} and
 * {@link #typeOf}, and lowers it with {@link #lowerWithBuffers(FeatureLevel, LoweringOptions, Map)}.
 */
public sealed interface FrameworkNode permits AxisNode, GatherNdNode, ScatterNode {

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
     * Lowers a node with two inputs with its tensors' bytes (packed, little-endian, from position to limit; copied,
     * not changed), producing the buffers to bind so that executing the desc yields the framework's output.
     *
     * @throws IllegalArgumentException for a node with more inputs (a scatter: use
     *     {@link #lowerWithBuffers(FeatureLevel, LoweringOptions, Map)})
     */
    default BufferLoweringResult lowerWithBuffers(FeatureLevel target, LoweringOptions options, ByteBuffer data,
            ByteBuffer indices) {
        return lowerWithBuffers(target, options, Map.of(FrameworkTensor.DATA, data, FrameworkTensor.INDICES, indices));
    }

    /**
     * Lowers the node with the bytes of each of its {@link #inputs()} (packed, little-endian, from position to limit;
     * copied, not changed), producing the buffers to bind so that executing the desc yields the framework's output.
     *
     * @throws IllegalArgumentException if {@code inputs} lacks one of the node's inputs or holds another tensor
     */
    default BufferLoweringResult lowerWithBuffers(FeatureLevel target, LoweringOptions options,
            Map<FrameworkTensor, ByteBuffer> inputs) {
        return BufferLowering.lower(this, target, options, inputs);
    }

    /** The framework input tensors in the desc's field order: data and indices, then updates for a scatter. */
    default List<FrameworkTensor> inputs() {
        return frontend().operator().inputs();
    }

    /**
     * The shape of one of the node's tensors (the output's is {@link #outputShape()}).
     *
     * @throws IllegalArgumentException for a tensor the node does not have (updates of a gather)
     */
    default List<Long> shapeOf(FrameworkTensor tensor) {
        if (tensor == FrameworkTensor.DATA) {
            return dataShape();
        }
        if (tensor == FrameworkTensor.INDICES) {
            return indicesShape();
        }
        if (tensor == FrameworkTensor.OUTPUT) {
            return outputShape();
        }
        throw new IllegalArgumentException(frontend().displayName() + " has no " + tensor + " input");
    }

    /** The element type of one of the node's tensors: the indices' own, the data's for every other. */
    default ElementType typeOf(FrameworkTensor tensor) {
        return tensor == FrameworkTensor.INDICES ? indicesType() : dataType();
    }

    /**
     * Where each update writes, for the framework's rule on duplicate targets ({@link FrameworkIndexCheck}); empty
     * for a gather, which writes every output element once.
     */
    default Optional<WriteTargets> writeTargets() {
        return Optional.empty();
    }

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
        if (frontend.operator().hasUpdates()) {
            throw new IllegalArgumentException(frontend.displayName() + " has an updates input: give its shape");
        }
        return create(frontend, dataShape, dataType, indicesShape, indicesType, List.of(), attributes);
    }

    /**
     * A scatter node of {@code frontend}'s operator (ONNX ScatterElements, ScatterND): as
     * {@link #of(Frontend, List, ElementType, List, ElementType, NodeAttributes)}, with the shape of {@code updates},
     * whose element type is the data's (the specs' type constraint T).
     *
     * @throws IllegalArgumentException if the operator has no updates input, or a value is given for an attribute
     *     {@code frontend} does not have
     */
    static FrameworkNode of(Frontend frontend, List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, List<Long> updatesShape, NodeAttributes attributes) {
        Objects.requireNonNull(frontend, "frontend");
        Objects.requireNonNull(updatesShape, "updatesShape");
        if (!frontend.operator().hasUpdates()) {
            throw new IllegalArgumentException(frontend.displayName() + " has no updates input");
        }
        return create(frontend, dataShape, dataType, indicesShape, indicesType, updatesShape, attributes);
    }

    private static FrameworkNode create(Frontend frontend, List<Long> dataShape, ElementType dataType,
            List<Long> indicesShape, ElementType indicesType, List<Long> updatesShape, NodeAttributes attributes) {
        for (NodeAttribute given : attributes.given()) {
            if (!frontend.attributes().contains(given)) {
                throw new IllegalArgumentException(frontend.displayName() + " has no " + given.onnxName()
                        + " attribute");
            }
        }
        IndexSign sign = frontend.allowsNegativeIndices() ? IndexSign.MAY_BE_NEGATIVE : IndexSign.NON_NEGATIVE;
        return frontend.operator().newNode(frontend, dataShape, dataType, indicesShape, indicesType, updatesShape,
                attributes, sign);
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

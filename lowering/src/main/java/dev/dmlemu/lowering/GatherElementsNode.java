package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A framework GatherElements node as a backend sees it before lowering: shapes and element types of {@code data}
 * and {@code indices}, the {@code axis} attribute and what is known about the sign of the indices. Shapes are
 * outermost dimension first; the record accepts any value (only nulls and frontends of other operators are
 * refused), and the lowering judges it.
 *
 * @param frontend the operator and version the node comes from: {@link Frontend#ONNX_11}, {@link Frontend#ONNX_13}
 *     or {@link Frontend#OPENVINO_6}
 * @param dataShape shape of {@code data}
 * @param dataType element type of {@code data} (and of the output)
 * @param indicesShape shape of {@code indices} (and of the output)
 * @param indicesType element type of {@code indices}; the frameworks allow int32 and int64
 * @param axis the {@code axis} attribute, negative counting from the back; empty when the node omits it (ONNX then
 *     uses 0; OpenVINO requires it)
 * @param indexSign whether the index values may be negative
 */
public record GatherElementsNode(
        Frontend frontend,
        List<Long> dataShape,
        ElementType dataType,
        List<Long> indicesShape,
        ElementType indicesType,
        OptionalLong axis,
        IndexSign indexSign) implements AxisNode {

    /**
     * @throws IllegalArgumentException if {@code frontend} is not a GatherElements operator
     */
    public GatherElementsNode {
        NodeRecords.requireComplete(FrameworkOperator.GATHER_ELEMENTS, frontend, dataShape, dataType, indicesShape,
                indicesType, indexSign);
        Objects.requireNonNull(axis, "axis");
        dataShape = List.copyOf(dataShape);
        indicesShape = List.copyOf(indicesShape);
    }

    /**
     * An ONNX node without an {@code axis} attribute (so axis 0) whose indices may be negative, as ONNX allows.
     *
     * @param frontend {@link Frontend#ONNX_11} or {@link Frontend#ONNX_13}
     */
    public static GatherElementsNode onnx(Frontend frontend, List<Long> dataShape, ElementType dataType,
            List<Long> indicesShape, ElementType indicesType) {
        if (!frontend.isOnnx() || frontend.operator() != FrameworkOperator.GATHER_ELEMENTS) {
            throw new IllegalArgumentException(frontend.displayName() + " is not an ONNX GatherElements operator");
        }
        return new GatherElementsNode(frontend, dataShape, dataType, indicesShape, indicesType, OptionalLong.empty(),
                IndexSign.MAY_BE_NEGATIVE);
    }

    /**
     * An OpenVINO GatherElements-6 node. Its spec bounds indices to {@code [0, s-1]}, so they are taken as
     * {@link IndexSign#NON_NEGATIVE}.
     */
    public static GatherElementsNode openVino(List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, long axis) {
        return new GatherElementsNode(Frontend.OPENVINO_6, dataShape, dataType, indicesShape, indicesType,
                OptionalLong.of(axis), IndexSign.NON_NEGATIVE);
    }

    public GatherElementsNode withAxis(long newAxis) {
        return new GatherElementsNode(frontend, dataShape, dataType, indicesShape, indicesType,
                OptionalLong.of(newAxis), indexSign);
    }

    @Override
    public GatherElementsNode withIndexSign(IndexSign newIndexSign) {
        return new GatherElementsNode(frontend, dataShape, dataType, indicesShape, indicesType, axis, newIndexSign);
    }

    /** The indices' shape. */
    @Override
    public List<Long> outputShape() {
        return indicesShape;
    }

    /** {@link GatherElementsLowering#lower(GatherElementsNode, FeatureLevel, LoweringOptions)}. */
    @Override
    public LoweringResult lower(FeatureLevel target, LoweringOptions options) {
        return GatherElementsLowering.lower(this, target, options);
    }

    /** {@link GatherElementsLowering#lowerWithBuffers}. */
    @Override
    public BufferLoweringResult lowerWithBuffers(FeatureLevel target, LoweringOptions options, ByteBuffer data,
            ByteBuffer indices) {
        return GatherElementsLowering.lowerWithBuffers(this, target, options, data, indices);
    }
}

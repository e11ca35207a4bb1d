package dev.dmlemu.lowering;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A framework GatherElements node as a backend sees it before lowering: shapes and element types of {@code data}
 * and {@code indices}, the {@code axis} attribute and what is known about the sign of the indices. Shapes are
 * outermost dimension first; the record accepts any value (only nulls are refused), and the lowering judges it.
 *
 * @param frontend the operator and version the node comes from
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
        IndexSign indexSign) {

    public GatherElementsNode {
        Objects.requireNonNull(frontend, "frontend");
        dataShape = List.copyOf(Objects.requireNonNull(dataShape, "dataShape"));
        Objects.requireNonNull(dataType, "dataType");
        indicesShape = List.copyOf(Objects.requireNonNull(indicesShape, "indicesShape"));
        Objects.requireNonNull(indicesType, "indicesType");
        Objects.requireNonNull(axis, "axis");
        Objects.requireNonNull(indexSign, "indexSign");
    }

    /**
     * An ONNX node without an {@code axis} attribute (so axis 0) whose indices may be negative, as ONNX allows.
     *
     * @param frontend {@link Frontend#ONNX_11} or {@link Frontend#ONNX_13}
     */
    public static GatherElementsNode onnx(Frontend frontend, List<Long> dataShape, ElementType dataType,
            List<Long> indicesShape, ElementType indicesType) {
        if (!frontend.isOnnx()) {
            throw new IllegalArgumentException(frontend.displayName() + " is not an ONNX operator");
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

    public GatherElementsNode withIndexSign(IndexSign newIndexSign) {
        return new GatherElementsNode(frontend, dataShape, dataType, indicesShape, indicesType, axis, newIndexSign);
    }

    /** The rank of {@code data}. */
    public int rank() {
        return dataShape.size();
    }
}

package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A framework Gather node (ONNX Gather-1/11/13, OpenVINO Gather-1) as a backend sees it before lowering: data of rank
 * r, indices of rank q (0 for a scalar index), the axis and what is known about the sign of the indices. The output
 * is {@code data.shape[:axis] ++ indices.shape ++ data.shape[axis+1:]}, of rank r + q - 1. The record accepts any
 * value (only nulls and frontends of other operators are refused); the lowering judges it.
 *
 * @param frontend {@link Frontend#ONNX_GATHER_1}, {@link Frontend#ONNX_GATHER_11}, {@link Frontend#ONNX_GATHER_13}
 *     or {@link Frontend#OPENVINO_GATHER_1}
 * @param dataShape shape of {@code data}
 * @param dataType element type of {@code data} (and of the output)
 * @param indicesShape shape of {@code indices}; empty for a scalar index
 * @param indicesType element type of {@code indices}; the frameworks allow int32 and int64
 * @param axis the axis (ONNX: the {@code axis} attribute, default 0; OpenVINO: the required constant third input),
 *     negative counting from the back; empty when the node omits it
 * @param indexSign whether the index values may be negative
 */
public record GatherNode(
        Frontend frontend,
        List<Long> dataShape,
        ElementType dataType,
        List<Long> indicesShape,
        ElementType indicesType,
        OptionalLong axis,
        IndexSign indexSign) implements AxisNode {

    /**
     * @throws IllegalArgumentException if {@code frontend} is not a Gather operator
     */
    public GatherNode {
        NodeRecords.requireComplete(FrameworkOperator.GATHER, frontend, dataShape, dataType, indicesShape,
                indicesType, indexSign);
        Objects.requireNonNull(axis, "axis");
        dataShape = List.copyOf(dataShape);
        indicesShape = List.copyOf(indicesShape);
    }

    /**
     * An ONNX Gather node without an {@code axis} attribute (so axis 0). Gather-11 and -13 allow negative indices
     * ({@link IndexSign#MAY_BE_NEGATIVE}); Gather-1 bounds them to the axis ({@link IndexSign#NON_NEGATIVE}).
     *
     * @param frontend {@link Frontend#ONNX_GATHER_1}, {@link Frontend#ONNX_GATHER_11} or
     *     {@link Frontend#ONNX_GATHER_13}
     */
    public static GatherNode onnx(Frontend frontend, List<Long> dataShape, ElementType dataType,
            List<Long> indicesShape, ElementType indicesType) {
        if (!frontend.isOnnx() || frontend.operator() != FrameworkOperator.GATHER) {
            throw new IllegalArgumentException(frontend.displayName() + " is not an ONNX Gather operator");
        }
        return (GatherNode) FrameworkNode.of(frontend, dataShape, dataType, indicesShape, indicesType,
                OptionalLong.empty());
    }

    /**
     * An OpenVINO Gather-1 node. Its spec bounds indices to {@code [0, input1[axis] - 1]}, so they are taken as
     * {@link IndexSign#NON_NEGATIVE}.
     *
     * @param axis the value of the third input (a scalar or one-element 1-D constant)
     */
    public static GatherNode openVino(List<Long> dataShape, ElementType dataType, List<Long> indicesShape,
            ElementType indicesType, long axis) {
        return (GatherNode) FrameworkNode.of(Frontend.OPENVINO_GATHER_1, dataShape, dataType, indicesShape,
                indicesType, OptionalLong.of(axis));
    }

    public GatherNode withAxis(long newAxis) {
        return new GatherNode(frontend, dataShape, dataType, indicesShape, indicesType, OptionalLong.of(newAxis),
                indexSign);
    }

    @Override
    public GatherNode withIndexSign(IndexSign newIndexSign) {
        return new GatherNode(frontend, dataShape, dataType, indicesShape, indicesType, axis, newIndexSign);
    }

    /** {@code data.shape[:axis] ++ indices.shape ++ data.shape[axis+1:]}. */
    @Override
    public List<Long> outputShape() {
        int rank = rank();
        long front = NodeRecords.frontAxis(axis, rank);
        if (front < 0 || front >= rank) {
            throw new IllegalStateException(frontend.displayName() + ": axis " + axis.orElse(0)
                    + " is outside the data's rank " + rank + "; the node has no output shape");
        }
        int at = (int) front;
        List<Long> shape = new ArrayList<>(dataShape.subList(0, at));
        shape.addAll(indicesShape);
        shape.addAll(dataShape.subList(at + 1, rank));
        return List.copyOf(shape);
    }

    /** {@link GatherLowering#lower(GatherNode, FeatureLevel, LoweringOptions)}. */
    @Override
    public LoweringResult lower(FeatureLevel target, LoweringOptions options) {
        return GatherLowering.lower(this, target, options);
    }

    /** {@link GatherLowering#lowerWithBuffers}. */
    @Override
    public BufferLoweringResult lowerWithBuffers(FeatureLevel target, LoweringOptions options, ByteBuffer data,
            ByteBuffer indices) {
        return GatherLowering.lowerWithBuffers(this, target, options, data, indices);
    }
}

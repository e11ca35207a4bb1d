package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A framework GatherND node (ONNX GatherND-11/12/13) as a backend sees it before lowering: data of rank r, indices of
 * rank q whose last dimension holds index tuples of length k, {@code batch_dims} b and what is known about the sign of
 * the indices. The output is {@code indices.shape[:-1] ++ data.shape[b+k:]}, of rank {@code q + r - k - 1 - b}: the
 * slice {@code data[batch, tuple..., :]} for each tuple. The record accepts any value (only nulls and frontends of
 * other operators are refused); the lowering judges it.
 *
 * @param frontend {@link Frontend#ONNX_GATHER_ND_11}, {@link Frontend#ONNX_GATHER_ND_12} or
 *     {@link Frontend#ONNX_GATHER_ND_13}
 * @param dataShape shape of {@code data}
 * @param dataType element type of {@code data} (and of the output)
 * @param indicesShape shape of {@code indices}; its last size is the tuple length
 * @param indicesType element type of {@code indices}; ONNX allows int64 only
 * @param batchDims the {@code batch_dims} attribute (0 when omitted, and always 0 for GatherND-11, which lacks it)
 * @param indexSign whether the index values may be negative
 */
public record GatherNdNode(
        Frontend frontend,
        List<Long> dataShape,
        ElementType dataType,
        List<Long> indicesShape,
        ElementType indicesType,
        long batchDims,
        IndexSign indexSign) implements FrameworkNode {

    /**
     * @throws IllegalArgumentException if {@code frontend} is not a GatherND operator
     */
    public GatherNdNode {
        NodeRecords.requireComplete(FrameworkOperator.GATHER_ND, frontend, dataShape, dataType, indicesShape,
                indicesType, indexSign);
        dataShape = List.copyOf(dataShape);
        indicesShape = List.copyOf(indicesShape);
    }

    /**
     * An ONNX GatherND node without a {@code batch_dims} attribute (so 0), whose indices may be negative, as ONNX
     * allows.
     *
     * @param frontend {@link Frontend#ONNX_GATHER_ND_11}, {@link Frontend#ONNX_GATHER_ND_12} or
     *     {@link Frontend#ONNX_GATHER_ND_13}
     */
    public static GatherNdNode onnx(Frontend frontend, List<Long> dataShape, ElementType dataType,
            List<Long> indicesShape, ElementType indicesType) {
        if (frontend.operator() != FrameworkOperator.GATHER_ND) {
            throw new IllegalArgumentException(frontend.displayName() + " is not an ONNX GatherND operator");
        }
        return (GatherNdNode) FrameworkNode.of(frontend, dataShape, dataType, indicesShape, indicesType,
                OptionalLong.empty());
    }

    public GatherNdNode withBatchDims(long newBatchDims) {
        return new GatherNdNode(frontend, dataShape, dataType, indicesShape, indicesType, newBatchDims, indexSign);
    }

    @Override
    public GatherNdNode withIndexSign(IndexSign newIndexSign) {
        return new GatherNdNode(frontend, dataShape, dataType, indicesShape, indicesType, batchDims, newIndexSign);
    }

    /**
     * The tuple length k, {@code indices.shape[-1]}.
     *
     * @throws IllegalStateException for scalar indices (no lowered node has them)
     */
    public long tupleLength() {
        if (indicesShape.isEmpty()) {
            throw new IllegalStateException(frontend.displayName() + ": scalar indices hold no index tuple");
        }
        return indicesShape.get(indicesShape.size() - 1);
    }

    /** {@code indices.shape[:-1] ++ data.shape[batch_dims + k:]}. */
    @Override
    public List<Long> outputShape() {
        int sliceStart = checkedSliceStart();
        List<Long> shape = new ArrayList<>(indicesShape.subList(0, indicesShape.size() - 1));
        shape.addAll(dataShape.subList(sliceStart, dataShape.size()));
        return List.copyOf(shape);
    }

    /** Coordinate j of each tuple counts along data dimension {@code batch_dims + j}. */
    @Override
    public IndexTargets indexTargets() {
        checkedSliceStart();
        return IndexTargets.tupleCoordinates((int) batchDims, (int) tupleLength());
    }

    /** {@code batch_dims + k}, once both are known to fit the shapes. */
    private int checkedSliceStart() {
        int rank = rank();
        int indicesRank = indicesShape.size();
        if (batchDims < 0 || batchDims >= Math.min(rank, indicesRank)) {
            throw new IllegalStateException(frontend.displayName() + ": batch_dims " + batchDims + " is outside [0, "
                    + Math.min(rank, indicesRank) + ") for data of rank " + rank + " and indices of rank "
                    + indicesRank + "; the node has no output shape");
        }
        long tuple = tupleLength();
        if (tuple < 1 || tuple > rank - batchDims) {
            throw new IllegalStateException(frontend.displayName() + ": the index tuple length " + tuple + " is "
                    + "outside [1, " + (rank - batchDims) + "]; the node has no output shape");
        }
        return (int) (batchDims + tuple);
    }

    /** {@link GatherNdLowering#lower(GatherNdNode, FeatureLevel, LoweringOptions)}. */
    @Override
    public LoweringResult lower(FeatureLevel target, LoweringOptions options) {
        return GatherNdLowering.lower(this, target, options);
    }

    /** {@link GatherNdLowering#lowerWithBuffers}. */
    @Override
    public BufferLoweringResult lowerWithBuffers(FeatureLevel target, LoweringOptions options, ByteBuffer data,
            ByteBuffer indices) {
        return GatherNdLowering.lowerWithBuffers(this, target, options, data, indices);
    }
}

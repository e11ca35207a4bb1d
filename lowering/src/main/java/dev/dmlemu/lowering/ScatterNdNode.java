package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A framework ScatterND node (ONNX ScatterND-11/13/16/18) as a backend sees it before lowering: data of rank r,
 * indices of rank q whose last dimension holds index tuples of length k, updates of shape
 * {@code indices.shape[:-1] ++ data.shape[k:]}, a {@code reduction} and what is known about the sign of the indices.
 * Each tuple selects the slice {@code data[tuple..., :]} its update overwrites. The record accepts any value (only
 * nulls and frontends of other operators are refused); the lowering judges it.
 *
 * @param frontend one of the {@code ONNX_SCATTER_ND_*} frontends
 * @param dataShape shape of {@code data} (and of the output)
 * @param dataType element type of {@code data}, {@code updates} and the output
 * @param indicesShape shape of {@code indices}; its last size is the tuple length
 * @param indicesType element type of {@code indices}; ONNX allows int64 only
 * @param updatesShape shape of {@code updates}
 * @param reduction the {@code reduction} attribute; empty when omitted ({@code "none"})
 * @param indexSign whether the index values may be negative
 */
public record ScatterNdNode(
        Frontend frontend,
        List<Long> dataShape,
        ElementType dataType,
        List<Long> indicesShape,
        ElementType indicesType,
        List<Long> updatesShape,
        Optional<Reduction> reduction,
        IndexSign indexSign) implements ScatterNode {

    /**
     * @throws IllegalArgumentException if {@code frontend} is not a ScatterND operator
     */
    public ScatterNdNode {
        NodeRecords.requireComplete(FrameworkOperator.SCATTER_ND, frontend, dataShape, dataType, indicesShape,
                indicesType, indexSign);
        dataShape = List.copyOf(dataShape);
        indicesShape = List.copyOf(indicesShape);
        updatesShape = List.copyOf(updatesShape);
        Objects.requireNonNull(reduction, "reduction");
    }

    @Override
    public ScatterNdNode withIndexSign(IndexSign newIndexSign) {
        return new ScatterNdNode(frontend, dataShape, dataType, indicesShape, indicesType, updatesShape, reduction,
                newIndexSign);
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

    /** {@code indices.shape[:-1] ++ data.shape[k:]}: the shape the updates must have. */
    public List<Long> expectedUpdatesShape() {
        int k = checkedTupleLength();
        List<Long> shape = new ArrayList<>(indicesShape.subList(0, indicesShape.size() - 1));
        shape.addAll(dataShape.subList(k, dataShape.size()));
        return List.copyOf(shape);
    }

    /** Coordinate j of each tuple counts along data dimension j. */
    @Override
    public IndexTargets indexTargets() {
        return IndexTargets.tupleCoordinates(0, checkedTupleLength());
    }

    /** Each tuple writes the slice it selects. */
    @Override
    public Optional<WriteTargets> writeTargets() {
        checkedTupleLength();
        return Optional.of(WriteTargets.tuples(indicesShape, dataShape));
    }

    private int checkedTupleLength() {
        long tuple = tupleLength();
        if (tuple < 1 || tuple > dataShape.size()) {
            throw new IllegalStateException(frontend.displayName() + ": the index tuple length " + tuple + " is "
                    + "outside [1, " + dataShape.size() + "]");
        }
        return (int) tuple;
    }

    /** {@link ScatterNdLowering#lower(ScatterNdNode, FeatureLevel, LoweringOptions)}. */
    @Override
    public LoweringResult lower(FeatureLevel target, LoweringOptions options) {
        return ScatterNdLowering.lower(this, target, options);
    }
}

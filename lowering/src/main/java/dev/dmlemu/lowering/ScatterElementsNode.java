package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A framework ScatterElements node (ONNX ScatterElements-11/13/16/18) as a backend sees it before lowering: data,
 * indices and updates of one rank r, the indices and updates of one shape, an axis, a {@code reduction} and what is
 * known about the sign of the indices. The update at each indices coordinate c is written at c with its axis entry
 * replaced by {@code indices[c]}. The record accepts any value (only nulls and frontends of other operators are
 * refused); the lowering judges it.
 *
 * @param frontend one of the {@code ONNX_SCATTER_ELEMENTS_*} frontends
 * @param dataShape shape of {@code data} (and of the output)
 * @param dataType element type of {@code data}, {@code updates} and the output
 * @param indicesShape shape of {@code indices}
 * @param indicesType element type of {@code indices}; ONNX allows int32 and int64
 * @param updatesShape shape of {@code updates}
 * @param axis the axis, negative counting from the back; empty when omitted (ONNX then uses 0)
 * @param reduction the {@code reduction} attribute; empty when omitted ({@code "none"})
 * @param indexSign whether the index values may be negative
 */
public record ScatterElementsNode(
        Frontend frontend,
        List<Long> dataShape,
        ElementType dataType,
        List<Long> indicesShape,
        ElementType indicesType,
        List<Long> updatesShape,
        OptionalLong axis,
        Optional<Reduction> reduction,
        IndexSign indexSign) implements AxisNode, ScatterNode {

    /**
     * @throws IllegalArgumentException if {@code frontend} is not a ScatterElements operator
     */
    public ScatterElementsNode {
        NodeRecords.requireComplete(FrameworkOperator.SCATTER_ELEMENTS, frontend, dataShape, dataType, indicesShape,
                indicesType, indexSign);
        dataShape = List.copyOf(dataShape);
        indicesShape = List.copyOf(indicesShape);
        updatesShape = List.copyOf(updatesShape);
        Objects.requireNonNull(axis, "axis");
        Objects.requireNonNull(reduction, "reduction");
    }

    @Override
    public ScatterElementsNode withIndexSign(IndexSign newIndexSign) {
        return new ScatterElementsNode(frontend, dataShape, dataType, indicesShape, indicesType, updatesShape, axis,
                reduction, newIndexSign);
    }

    /**
     * Each update writes its own coordinate with the axis entry replaced by its index.
     *
     * @throws IllegalStateException if the axis is outside the data's rank or indices and data differ in rank (no
     *     lowered node has either)
     */
    @Override
    public Optional<WriteTargets> writeTargets() {
        int front = indexTargets().dimensionAt(0);
        if (indicesShape.size() != dataShape.size()) {
            throw new IllegalStateException(frontend.displayName() + ": indices " + indicesShape + " and data "
                    + dataShape + " differ in rank");
        }
        return Optional.of(WriteTargets.elements(indicesShape, dataShape, front));
    }

    /** {@link ScatterElementsLowering#lower(ScatterElementsNode, FeatureLevel, LoweringOptions)}. */
    @Override
    public LoweringResult lower(FeatureLevel target, LoweringOptions options) {
        return ScatterElementsLowering.lower(this, target, options);
    }
}

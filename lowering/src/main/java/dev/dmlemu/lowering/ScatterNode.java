package dev.dmlemu.lowering;

import java.util.List;
import java.util.Optional;

/**
 * A framework scatter node (ONNX ScatterElements, ScatterND): a third input, {@code updates}, whose element type is
 * the data's, and an output with the data's shape. Its {@code reduction} attribute (from opset 16) says how an update
 * meets the element it writes; DirectML's scatters only overwrite ({@code "none"}).
 */
public sealed interface ScatterNode extends FrameworkNode permits ScatterElementsNode, ScatterNdNode {

    /** The shape of {@code updates}. */
    List<Long> updatesShape();

    /** The {@code reduction} attribute; empty when the node omits it (ONNX then uses {@code "none"}). */
    Optional<Reduction> reduction();

    /** A scatter's output is a copy of the data with the updates written in: the data's shape. */
    @Override
    default List<Long> outputShape() {
        return dataShape();
    }

    @Override
    default List<Long> shapeOf(FrameworkTensor tensor) {
        return tensor == FrameworkTensor.UPDATES ? updatesShape() : FrameworkNode.super.shapeOf(tensor);
    }
}

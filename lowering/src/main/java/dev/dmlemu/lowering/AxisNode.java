package dev.dmlemu.lowering;

import java.util.OptionalLong;

/** A node that gathers or scatters along one axis: GatherElements, Gather and ScatterElements. */
public sealed interface AxisNode extends FrameworkNode permits GatherElementsNode, GatherNode, ScatterElementsNode {

    /** The axis, negative counting from the back; empty when the node omits it (ONNX then uses 0). */
    OptionalLong axis();

    /**
     * Every index counts along the axis.
     *
     * @throws IllegalStateException if the axis is outside the data's rank (no lowered node has one)
     */
    @Override
    default IndexTargets indexTargets() {
        long front = NodeRecords.frontAxis(axis(), rank());
        if (front < 0 || front >= rank()) {
            throw new IllegalStateException(frontend().displayName() + ": axis " + axis().orElse(0)
                    + " is outside the data's rank " + rank());
        }
        return IndexTargets.alongAxis((int) front);
    }
}

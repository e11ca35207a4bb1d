package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The axes a reduction names (REDUCE, ARGMIN, ARGMAX): each must be a dimension of the input, and the output keeps the
 * input's sizes with 1 on each of them (docs/directml-behaviour.md §14.3, §14.4).
 */
final class ReducedAxes {

    private ReducedAxes() {}

    /** Reports every axis outside {@code [0, rank)}; true when there is none. */
    static boolean inRange(List<Long> axes, long rank, ShapeCheck check) {
        boolean inRange = true;
        for (int i = 0; i < axes.size(); i++) {
            long axis = axes.get(i);
            if (axis < 0 || axis >= rank) {
                check.report(RuleId.AXIS_OUT_OF_RANGE, "Axes[" + i + "]", axis + " is not a dimension of "
                        + "InputTensor (0 to " + (rank - 1) + ")");
                inRange = false;
            }
        }
        return inRange;
    }

    /** The input's sizes with 1 on every axis named (each in range). */
    static List<Long> reducedSizes(List<Long> inputSizes, List<Long> axes) {
        List<Long> sizes = new ArrayList<>(inputSizes);
        for (long axis : axes) {
            sizes.set((int) axis, 1L);
        }
        return sizes;
    }
}

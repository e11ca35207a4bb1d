package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.ActivationHardmax1OperatorDesc;
import dev.dmlemu.desc.ActivationLogSoftmax1OperatorDesc;
import dev.dmlemu.desc.ActivationSoftmax1OperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.Function;

/**
 * ACTIVATION_SOFTMAX1, ACTIVATION_LOG_SOFTMAX1 and ACTIVATION_HARDMAX1: every Axes entry names a dimension of
 * InputTensor. Nothing else: DirectML.dll 1.15.4 accepts repeated axes and AxisCount 0 (measured,
 * docs/directml-behaviour.md §14.5).
 *
 * @param <D> the operator's desc record
 */
public final class AxesWithinRank<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final Function<D, List<Long>> axes;

    private AxesWithinRank(OperatorType type, Class<D> descType, Function<D, List<Long>> axes) {
        super(type, descType);
        this.axes = axes;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new AxesWithinRank<>(OperatorType.ACTIVATION_SOFTMAX1, ActivationSoftmax1OperatorDesc.class,
                        ActivationSoftmax1OperatorDesc::axes),
                new AxesWithinRank<>(OperatorType.ACTIVATION_LOG_SOFTMAX1, ActivationLogSoftmax1OperatorDesc.class,
                        ActivationLogSoftmax1OperatorDesc::axes),
                new AxesWithinRank<>(OperatorType.ACTIVATION_HARDMAX1, ActivationHardmax1OperatorDesc.class,
                        ActivationHardmax1OperatorDesc::axes));
    }

    /** Reports every entry of {@code axes} outside {@code [0, rank)}; shared with the normalizations over Axes. */
    static void checkAxes(List<Long> axes, long rank, ShapeCheck check) {
        for (int i = 0; i < axes.size(); i++) {
            long axis = axes.get(i);
            if (axis < 0 || axis >= rank) {
                check.report(RuleId.AXES_OUT_OF_RANGE, "Axes[" + i + "]", "axis " + axis
                        + " is not a dimension of the " + rank + "-D InputTensor");
            }
        }
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        checkAxes(axes.apply(desc), check.required("InputTensor").dimensionCount(), check);
    }
}

package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.ArgmaxOperatorDesc;
import dev.dmlemu.desc.ArgminOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.Function;

/**
 * ARGMIN and ARGMAX: every entry of Axes is a dimension (repeats are accepted, and no axes at all reduce nothing),
 * and the output is the input with 1 on each listed axis (measured on DirectML.dll 1.15.4,
 * docs/directml-behaviour.md §14.3).
 */
final class ArgReduceRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final Function<D, List<Long>> axes;

    private ArgReduceRules(OperatorType type, Class<D> descType, Function<D, List<Long>> axes) {
        super(type, descType);
        this.axes = axes;
    }

    static ArgReduceRules<ArgminOperatorDesc> argmin() {
        return new ArgReduceRules<>(OperatorType.ARGMIN, ArgminOperatorDesc.class, ArgminOperatorDesc::axes);
    }

    static ArgReduceRules<ArgmaxOperatorDesc> argmax() {
        return new ArgReduceRules<>(OperatorType.ARGMAX, ArgmaxOperatorDesc.class, ArgmaxOperatorDesc::axes);
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        List<Long> output = check.required("OutputTensor").sizes();
        List<Long> listed = axes.apply(desc);
        if (!ReducedAxes.inRange(listed, input.dimensionCount(), check)) {
            return;
        }
        List<Long> expected = ReducedAxes.reducedSizes(input.sizes(), listed);
        if (!expected.equals(output)) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes", "expected " + expected
                    + " (InputTensor.Sizes with 1 on each of Axes " + listed + ") but got " + output);
        }
    }
}

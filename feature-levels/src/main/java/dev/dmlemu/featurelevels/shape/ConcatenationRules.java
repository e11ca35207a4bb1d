package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * JOIN and SPLIT: a whole tensor (JOIN's output, SPLIT's input) and its parts along Axis. Axis is a dimension, the
 * parts have the whole's sizes off the axis, and along it the whole's size is the sum of theirs (measured on
 * DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3).
 */
final class ConcatenationRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final String wholeField;
    private final String partsField;
    private final ToLongFunction<D> axis;

    private ConcatenationRules(OperatorType type, Class<D> descType, String wholeField, String partsField,
            ToLongFunction<D> axis) {
        super(type, descType);
        this.wholeField = wholeField;
        this.partsField = partsField;
        this.axis = axis;
    }

    static ConcatenationRules<JoinOperatorDesc> join() {
        return new ConcatenationRules<>(OperatorType.JOIN, JoinOperatorDesc.class, "OutputTensor", "InputTensors",
                JoinOperatorDesc::axis);
    }

    static ConcatenationRules<SplitOperatorDesc> split() {
        return new ConcatenationRules<>(OperatorType.SPLIT, SplitOperatorDesc.class, "InputTensor", "OutputTensors",
                SplitOperatorDesc::axis);
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc whole = check.required(wholeField);
        List<BufferTensorDesc> parts = check.array(partsField);
        long a = axis.applyAsLong(desc);
        int rank = (int) whole.dimensionCount();
        if (a < 0 || a >= rank) {
            check.report(RuleId.AXIS_OUT_OF_RANGE, "Axis", a + " is not a dimension of " + wholeField + " (0 to "
                    + (rank - 1) + ")");
            return;
        }
        long sum = 0;
        for (int p = 0; p < parts.size(); p++) {
            List<Long> sizes = parts.get(p).sizes();
            for (int i = 0; i < rank; i++) {
                if (i != a && !sizes.get(i).equals(whole.sizes().get(i))) {
                    check.report(RuleId.SIZES_MISMATCH, partsField + "[" + p + "].Sizes[" + i + "]", "expected "
                            + whole.sizes().get(i) + " (" + wholeField + ".Sizes[" + i + "], off Axis " + a
                            + ") but got " + sizes.get(i));
                }
            }
            // Each size is a UINT32, and there are fewer than 2^32 parts: the sum fits in a long.
            sum = Math.addExact(sum, sizes.get((int) a));
        }
        if (sum != whole.sizes().get((int) a)) {
            check.report(RuleId.AXIS_SIZE_NOT_SUM, wholeField + ".Sizes[" + a + "]", "expected " + sum + " (the sum "
                    + "of " + partsField + ".Sizes[" + a + "], along Axis) but got " + whole.sizes().get((int) a));
        }
    }
}

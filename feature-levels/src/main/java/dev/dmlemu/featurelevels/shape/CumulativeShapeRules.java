package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.CumulativeSummationOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * CUMULATIVE_SUMMATION's and CUMULATIVE_PRODUCT's rule beyond their tables, as DirectML.dll 1.15.4 refuses
 * (docs/directml-behaviour.md §14.4): {@code Axis} below the input's DimensionCount, whatever the direction and the
 * exclusive flag.
 *
 * @param <D> the operator's desc record
 */
public final class CumulativeShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final ToLongFunction<D> axis;

    private CumulativeShapeRules(OperatorType type, Class<D> descType, ToLongFunction<D> axis) {
        super(type, descType);
        this.axis = axis;
    }

    /** Both cumulative operators. */
    public static List<ShapeRules<?>> all() {
        return List.of(
                new CumulativeShapeRules<>(OperatorType.CUMULATIVE_SUMMATION, CumulativeSummationOperatorDesc.class,
                        CumulativeSummationOperatorDesc::axis),
                new CumulativeShapeRules<>(OperatorType.CUMULATIVE_PRODUCT, CumulativeProductOperatorDesc.class,
                        CumulativeProductOperatorDesc::axis));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        long rank = check.required("InputTensor").dimensionCount();
        long value = axis.applyAsLong(desc);
        if (value < 0 || value >= rank) {
            check.report(RuleId.AXIS_OUT_OF_RANGE, "Axis", value + " is not below InputTensor.DimensionCount "
                    + rank);
        }
    }
}

package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.LpNormalizationOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.Set;

/**
 * LP_NORMALIZATION: Axis names an input dimension and P is 1 or 2 (its docs page; measured on DirectML.dll 1.15.4,
 * docs/directml-behaviour.md §14.5).
 */
public final class LpNormalizationRules extends OperatorShapeRules<LpNormalizationOperatorDesc> {

    public LpNormalizationRules() {
        super(OperatorType.LP_NORMALIZATION, LpNormalizationOperatorDesc.class);
    }

    static final Set<Long> SUPPORTED_P = Set.of(1L, 2L);

    @Override
    public void check(LpNormalizationOperatorDesc desc, ShapeCheck check) {
        long rank = check.required("InputTensor").dimensionCount();
        if (desc.axis() < 0 || desc.axis() >= rank) {
            check.report(RuleId.AXIS_OUT_OF_RANGE, "Axis", "axis " + desc.axis() + " is not a dimension of the "
                    + rank + "-D InputTensor");
        }
        if (!SUPPORTED_P.contains(desc.p())) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "P", "P " + desc.p() + " is neither 1 nor 2");
        }
    }
}

package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.LocalResponseNormalizationGradOperatorDesc;
import dev.dmlemu.desc.LocalResponseNormalizationOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * LOCAL_RESPONSE_NORMALIZATION and its GRAD: a window of at least one element (LocalSize 0 is refused; any larger
 * value, up to 2^32 - 1, and any Alpha, Beta and Bias are accepted: measured on DirectML.dll 1.15.4,
 * docs/directml-behaviour.md §14.5).
 *
 * @param <D> the operator's desc record
 */
public final class LocalResponseNormalizationRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final ToLongFunction<D> localSize;

    private LocalResponseNormalizationRules(OperatorType type, Class<D> descType, ToLongFunction<D> localSize) {
        super(type, descType);
        this.localSize = localSize;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new LocalResponseNormalizationRules<>(OperatorType.LOCAL_RESPONSE_NORMALIZATION,
                        LocalResponseNormalizationOperatorDesc.class,
                        LocalResponseNormalizationOperatorDesc::localSize),
                new LocalResponseNormalizationRules<>(OperatorType.LOCAL_RESPONSE_NORMALIZATION_GRAD,
                        LocalResponseNormalizationGradOperatorDesc.class,
                        LocalResponseNormalizationGradOperatorDesc::localSize));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        if (localSize.applyAsLong(desc) == 0) {
            check.report(RuleId.FIELD_VALUE_UNSUPPORTED, "LocalSize", "LocalSize must be at least 1");
        }
    }
}

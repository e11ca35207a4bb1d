package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.ActivationHardmaxOperatorDesc;
import dev.dmlemu.desc.ActivationLogSoftmaxOperatorDesc;
import dev.dmlemu.desc.ActivationSoftmaxOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * ACTIVATION_SOFTMAX, ACTIVATION_LOG_SOFTMAX and ACTIVATION_HARDMAX work over the last dimension of a batch of rows,
 * so InputTensor may have at most two dimensions once its leading sizes of 1 are dropped (their docs pages; measured
 * on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5). OutputTensor has InputTensor's Sizes (constraint line).
 *
 * @param <D> the operator's desc record
 */
public final class EffectiveRankAtMostTwo<D extends OperatorDesc> extends OperatorShapeRules<D> {

    static final int MAX_EFFECTIVE_RANK = 2;

    private EffectiveRankAtMostTwo(OperatorType type, Class<D> descType) {
        super(type, descType);
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new EffectiveRankAtMostTwo<>(OperatorType.ACTIVATION_SOFTMAX, ActivationSoftmaxOperatorDesc.class),
                new EffectiveRankAtMostTwo<>(OperatorType.ACTIVATION_LOG_SOFTMAX,
                        ActivationLogSoftmaxOperatorDesc.class),
                new EffectiveRankAtMostTwo<>(OperatorType.ACTIVATION_HARDMAX, ActivationHardmaxOperatorDesc.class));
    }

    /** DimensionCount without the leading sizes of 1; the last dimension always counts. */
    static int effectiveRank(List<Long> sizes) {
        int first = 0;
        while (first < sizes.size() - 1 && sizes.get(first) == 1L) {
            first++;
        }
        return sizes.size() - first;
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        int rank = effectiveRank(input.sizes());
        if (rank > MAX_EFFECTIVE_RANK) {
            check.report(RuleId.EFFECTIVE_RANK_TOO_LARGE, "InputTensor.Sizes", "Sizes " + input.sizes()
                    + " have " + rank + " dimensions after the leading 1s; at most " + MAX_EFFECTIVE_RANK);
        }
    }
}

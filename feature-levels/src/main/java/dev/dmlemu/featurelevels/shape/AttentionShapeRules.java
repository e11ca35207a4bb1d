package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.MultiheadAttention1OperatorDesc;
import dev.dmlemu.desc.MultiheadAttentionOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * MULTIHEAD_ATTENTION and MULTIHEAD_ATTENTION1: first the head counts (a head count of 0, on which DirectML.dll 1.15.4
 * divides by zero and ends the process rather than refusing the desc, except for MULTIHEAD_ATTENTION1 with one head
 * count 0 and no QueryTensor, which it refuses), then, with heads to divide by, the tensor shapes of
 * {@link AttentionShape}; all measured, docs/directml-behaviour.md §14.5.
 *
 * @param <D> the operator's desc record
 */
public final class AttentionShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private AttentionShapeRules(OperatorType type, Class<D> descType) {
        super(type, descType);
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new AttentionShapeRules<>(OperatorType.MULTIHEAD_ATTENTION, MultiheadAttentionOperatorDesc.class),
                new AttentionShapeRules<>(OperatorType.MULTIHEAD_ATTENTION1, MultiheadAttention1OperatorDesc.class));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        if (desc instanceof MultiheadAttentionOperatorDesc attention) {
            if (attention.headCount() == 0) {
                check.report(RuleId.CREATE_OPERATOR_FAIL_FAST, "HeadCount", "HeadCount 0 divides by zero in DirectML");
            } else {
                AttentionShape.check(check, attention.headCount(), attention.headCount(), attention.maskType());
            }
        }
        if (desc instanceof MultiheadAttention1OperatorDesc attention) {
            boolean queryZero = attention.queryHeadCount() == 0;
            boolean keyValueZero = attention.keyValueHeadCount() == 0;
            String path = queryZero ? "QueryHeadCount" : "KeyValueHeadCount";
            if (queryZero && keyValueZero || (queryZero || keyValueZero) && check.tensor("QueryTensor").isPresent()) {
                check.report(RuleId.CREATE_OPERATOR_FAIL_FAST, path, "a head count of 0 divides by zero in DirectML");
            } else if (queryZero || keyValueZero) {
                check.report(RuleId.FIELD_VALUE_UNSUPPORTED, path, "a head count must be at least 1");
            } else {
                AttentionShape.check(check, attention.queryHeadCount(), attention.keyValueHeadCount(),
                        attention.maskType());
            }
        }
    }
}

package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * An operator's rules beyond its documented tables: shapes across tensors (GEMM's inner dimensions, a pooling's
 * output size), field ranges (an axis within the rank), window arrays as long as the spatial dimensions. Run by the
 * validator after the tables, the constraint lines and the count fields found nothing; each rule is pinned by probes
 * on the real DirectML.dll and written up in docs/directml-behaviour.md §14.
 *
 * @param <D> the operator's desc record
 */
public interface ShapeRules<D extends OperatorDesc> {

    /** The operator these rules judge. */
    OperatorType operatorType();

    /** Its desc record. */
    Class<D> descType();

    /** How far the rules reach: only {@link Coverage#COMPLETE} rules drop the SHAPE_RULES_NOT_CHECKED warning. */
    Coverage coverage();

    /** Reports every rule {@code desc} breaks at {@code check.level()}. */
    void check(D desc, ShapeCheck check);

    /** Whether an operator's shape rules are all written. */
    enum Coverage {
        /** Every refusal the probe campaign found for this operator is a rule here. */
        COMPLETE,
        /** Some rules are written; CreateOperator may still refuse descs these accept. */
        PARTIAL
    }
}

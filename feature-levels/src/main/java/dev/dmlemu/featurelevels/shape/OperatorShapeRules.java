package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;

/**
 * What every operator's shape rules hold alike: the operator, its desc record, and (unless a subclass says
 * otherwise) {@link Coverage#COMPLETE}. A subclass brings its {@code check} only.
 *
 * @param <D> the operator's desc record
 */
abstract class OperatorShapeRules<D extends OperatorDesc> implements ShapeRules<D> {

    private final OperatorType operatorType;
    private final Class<D> descType;

    OperatorShapeRules(OperatorType operatorType, Class<D> descType) {
        this.operatorType = operatorType;
        this.descType = descType;
    }

    @Override
    public final OperatorType operatorType() {
        return operatorType;
    }

    @Override
    public final Class<D> descType() {
        return descType;
    }

    @Override
    public Coverage coverage() {
        return Coverage.COMPLETE;
    }
}

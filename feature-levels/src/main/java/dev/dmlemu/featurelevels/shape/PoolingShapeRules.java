package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.AveragePooling1OperatorDesc;
import dev.dmlemu.desc.AveragePoolingOperatorDesc;
import dev.dmlemu.desc.LpPooling1OperatorDesc;
import dev.dmlemu.desc.LpPoolingOperatorDesc;
import dev.dmlemu.desc.MaxPooling1OperatorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The poolings (AVERAGE_POOLING, LP_POOLING, MAX_POOLING and their later versions): the shared {@link PoolingShape},
 * one instance per desc record (docs/directml-behaviour.md §14.2).
 *
 * @param <D> the pooling's desc record
 */
final class PoolingShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final ToLongFunction<D> dimensionCount;
    private final Optional<String> indicesField;

    private PoolingShapeRules(OperatorType type, Class<D> descType, ToLongFunction<D> dimensionCount,
            Optional<String> indicesField) {
        super(type, descType);
        this.dimensionCount = dimensionCount;
        this.indicesField = indicesField;
    }

    /** The seven poolings' rules. */
    static List<ShapeRules<?>> all() {
        Optional<String> noIndices = Optional.empty();
        Optional<String> indices = Optional.of(MaxPooling1OperatorDesc.OUTPUT_INDICES_TENSOR);
        return List.of(
                new PoolingShapeRules<>(OperatorType.AVERAGE_POOLING, AveragePoolingOperatorDesc.class,
                        AveragePoolingOperatorDesc::dimensionCount, noIndices),
                new PoolingShapeRules<>(OperatorType.AVERAGE_POOLING1, AveragePooling1OperatorDesc.class,
                        AveragePooling1OperatorDesc::dimensionCount, noIndices),
                new PoolingShapeRules<>(OperatorType.LP_POOLING, LpPoolingOperatorDesc.class,
                        LpPoolingOperatorDesc::dimensionCount, noIndices),
                new PoolingShapeRules<>(OperatorType.LP_POOLING1, LpPooling1OperatorDesc.class,
                        LpPooling1OperatorDesc::dimensionCount, noIndices),
                new PoolingShapeRules<>(OperatorType.MAX_POOLING, MaxPoolingOperatorDesc.class,
                        MaxPoolingOperatorDesc::dimensionCount, noIndices),
                new PoolingShapeRules<>(OperatorType.MAX_POOLING1, MaxPooling1OperatorDesc.class,
                        MaxPooling1OperatorDesc::dimensionCount, indices),
                new PoolingShapeRules<>(OperatorType.MAX_POOLING2, MaxPooling2OperatorDesc.class,
                        MaxPooling2OperatorDesc::dimensionCount, indices));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        PoolingShape.check(check, dimensionCount.applyAsLong(desc), "InputTensor", "OutputTensor", indicesField);
    }
}

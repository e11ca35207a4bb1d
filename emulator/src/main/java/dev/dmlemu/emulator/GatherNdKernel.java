package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.function.ToLongFunction;

/**
 * {@code DML_OPERATOR_GATHER_ND} and {@code GATHER_ND1} on the emulator: whole slices of the input, each chosen by a
 * tuple of coordinates. GATHER_ND is GATHER_ND1 with BatchDimensionCount 0, so one kernel serves both, told how to
 * read the desc's counts ({@link #gatherNd()}, {@link #gatherNd1()}). The shape is {@link GatherNdGeometry}, the
 * engine {@link GatherNdExecution}; docs/directml-behaviour.md §11 has the rules and the measured behaviour.
 *
 * @param <D> the operator's desc
 */
final class GatherNdKernel<D extends OperatorDesc> implements OperatorKernel {

    private final OperatorType type;
    private final Class<D> descType;
    private final ToLongFunction<D> inputDimensionCount;
    private final ToLongFunction<D> indicesDimensionCount;
    private final ToLongFunction<D> batchDimensionCount;

    private GatherNdKernel(OperatorType type, Class<D> descType, ToLongFunction<D> inputDimensionCount,
            ToLongFunction<D> indicesDimensionCount, ToLongFunction<D> batchDimensionCount) {
        this.type = type;
        this.descType = descType;
        this.inputDimensionCount = inputDimensionCount;
        this.indicesDimensionCount = indicesDimensionCount;
        this.batchDimensionCount = batchDimensionCount;
    }

    /** {@code DML_OPERATOR_GATHER_ND}: no batch dimensions. */
    static GatherNdKernel<GatherNdOperatorDesc> gatherNd() {
        return new GatherNdKernel<>(OperatorType.GATHER_ND, GatherNdOperatorDesc.class,
                GatherNdOperatorDesc::inputDimensionCount, GatherNdOperatorDesc::indicesDimensionCount, desc -> 0);
    }

    /** {@code DML_OPERATOR_GATHER_ND1}: its BatchDimensionCount. */
    static GatherNdKernel<GatherNd1OperatorDesc> gatherNd1() {
        return new GatherNdKernel<>(OperatorType.GATHER_ND1, GatherNd1OperatorDesc.class,
                GatherNd1OperatorDesc::inputDimensionCount, GatherNd1OperatorDesc::indicesDimensionCount,
                GatherNd1OperatorDesc::batchDimensionCount);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        return prepare(operator.desc(descType), operator.indexSemantics(), options.indexPolicy(), parallelism);
    }

    /** Plans a desc; the tests reach this without a validator. */
    GatherNdExecution prepare(D desc, IndexSemantics semantics, IndexPolicy policy, Parallelism parallelism) {
        BufferTensorDesc input = GatherSpace.buffer(desc.tensorFields().get(0).desc(),
                GatherNdOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc indices = GatherSpace.buffer(desc.tensorFields().get(1).desc(),
                GatherNdOperatorDesc.INDICES_TENSOR);
        BufferTensorDesc output = GatherSpace.buffer(desc.tensorFields().get(2).desc(),
                GatherNdOperatorDesc.OUTPUT_TENSOR);
        GatherNdGeometry geometry = GatherNdGeometry.of(input, indices, output, inputDimensionCount.applyAsLong(desc),
                indicesDimensionCount.applyAsLong(desc), batchDimensionCount.applyAsLong(desc));
        return GatherNdExecution.prepare(desc, geometry, input, indices, output, semantics, policy, parallelism);
    }
}

package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * {@code DML_OPERATOR_SCATTER_ND} on the emulator: each index tuple picks a slice of the output, which the matching
 * updates overwrite. Seen backwards it is exactly a GATHER_ND from the output into the updates (same right-aligned
 * size rule, BatchDimensionCount 0), so {@link GatherNdGeometry} describes it and {@link ScatterExecution} runs it. A
 * size-1 dimension does not ignore its index (docs/directml-behaviour.md §13).
 */
final class ScatterNdKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.SCATTER_ND;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, ExecutorService pool) {
        return execution(operator.desc(ScatterNdOperatorDesc.class), operator.indexSemantics(),
                options.indexPolicy(), options.listener());
    }

    /** The execution of a desc with the given index semantics (the validator's, for a validated one). */
    static ScatterExecution execution(ScatterNdOperatorDesc desc, IndexSemantics semantics, IndexPolicy policy,
            ExecutionListener listener) {
        BufferTensorDesc input = GatherSpace.buffer(desc.inputTensor(), ScatterNdOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc output = GatherSpace.buffer(desc.outputTensor(), ScatterNdOperatorDesc.OUTPUT_TENSOR);
        int rank = output.sizes().size();
        BufferTensorDesc indices = withoutExtraLeadingOne(
                GatherSpace.buffer(desc.indicesTensor(), ScatterNdOperatorDesc.INDICES_TENSOR), rank,
                ScatterNdOperatorDesc.INDICES_TENSOR);
        BufferTensorDesc updates = GatherSpace.buffer(desc.updatesTensor(), ScatterNdOperatorDesc.UPDATES_TENSOR);
        GatherNdGeometry geometry = GatherNdGeometry.of(output, indices,
                withoutExtraLeadingOne(updates, rank, ScatterNdOperatorDesc.UPDATES_TENSOR),
                desc.inputDimensionCount(), desc.indicesDimensionCount(), 0);
        return ScatterExecution.prepare(desc, geometry, input, indices, updates, output, semantics, policy, false,
                listener);
    }

    /**
     * DirectML accepts an IndicesTensor or UpdatesTensor with one more dimension than the input, a leading 1, and
     * computes right-aligned (docs/directml-behaviour.md §13): the same tensor without that dimension.
     */
    static BufferTensorDesc withoutExtraLeadingOne(BufferTensorDesc tensor, int rank, String field) {
        int own = tensor.sizes().size();
        if (own == rank) {
            return tensor;
        }
        if (own != rank + 1 || tensor.sizes().get(0) != 1) {
            throw new IllegalArgumentException(field + " has " + own + " dimensions; the emulator takes " + rank
                    + ", or " + (rank + 1) + " with a leading 1");
        }
        Optional<java.util.List<Long>> strides = tensor.strides().map(list -> list.subList(1, list.size()));
        return tensor.withSizes(tensor.sizes().subList(1, own)).withStrides(strides).withDimensionCount(rank);
    }
}

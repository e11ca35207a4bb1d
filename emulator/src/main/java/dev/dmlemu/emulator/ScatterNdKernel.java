package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * {@code DML_OPERATOR_SCATTER_ND} on the emulator: each index tuple picks a slice of the output, which the matching
 * updates overwrite. Seen backwards it is exactly a GATHER_ND from the output into the updates (same right-aligned
 * size rule, BatchDimensionCount 0), so {@link GatherNdGeometry} describes it and {@link ScatterExecution} runs it.
 * Every tensor is viewed with the DimensionCount of the longest, leading 1s added. A size-1 dimension does not
 * ignore its index (docs/directml-behaviour.md §13.5).
 */
final class ScatterNdKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.SCATTER_ND;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        return execution(operator.desc(ScatterNdOperatorDesc.class), operator.indexSemantics(),
                options.indexPolicy(), options.listener(), parallelism);
    }

    /** The execution of a desc with the given index semantics (the validator's, for a validated one). */
    static ScatterExecution execution(ScatterNdOperatorDesc desc, IndexSemantics semantics, IndexPolicy policy,
            ExecutionListener listener, Parallelism parallelism) {
        BufferTensorDesc input = GatherSpace.buffer(desc.inputTensor(), ScatterNdOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc indices = GatherSpace.buffer(desc.indicesTensor(), ScatterNdOperatorDesc.INDICES_TENSOR);
        BufferTensorDesc updates = GatherSpace.buffer(desc.updatesTensor(), ScatterNdOperatorDesc.UPDATES_TENSOR);
        BufferTensorDesc output = GatherSpace.buffer(desc.outputTensor(), ScatterNdOperatorDesc.OUTPUT_TENSOR);
        int rank = Math.max(output.sizes().size(), Math.max(indices.sizes().size(), updates.sizes().size()));
        GatherNdGeometry geometry = GatherNdGeometry.of(withLeadingOnes(output, rank), withLeadingOnes(indices, rank),
                withLeadingOnes(updates, rank), desc.inputDimensionCount(), desc.indicesDimensionCount(), 0);
        return ScatterExecution.prepare(desc, geometry, input, indices, updates, output, semantics, policy, false,
                listener, parallelism);
    }

    /**
     * DirectML accepts IndicesTensor and UpdatesTensor of any DimensionCount and aligns every shape to the right
     * (docs/directml-behaviour.md §13.3): the tensor with leading dimensions of size 1 (stride 0) up to {@code rank},
     * which addresses the same elements.
     */
    static BufferTensorDesc withLeadingOnes(BufferTensorDesc tensor, int rank) {
        int own = tensor.sizes().size();
        if (own == rank) {
            return tensor;
        }
        List<Long> sizes = new ArrayList<>(Collections.nCopies(rank - own, 1L));
        sizes.addAll(tensor.sizes());
        List<Long> strides = new ArrayList<>(Collections.nCopies(rank - own, 0L));
        strides.addAll(tensor.effectiveStrides());
        return tensor.withSizes(sizes).withStrides(Optional.of(strides)).withDimensionCount(rank);
    }
}

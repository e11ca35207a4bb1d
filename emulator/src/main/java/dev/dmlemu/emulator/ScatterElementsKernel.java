package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * {@code DML_OPERATOR_SCATTER_ELEMENTS} on the emulator: each update is written at its own coordinate with the Axis
 * entry replaced by its index. Seen backwards, a GATHER_ND whose tuples have one coordinate, read at the update's own
 * indices position, and whose slices are single elements ({@link ScatterExecution}). A size-1 axis ignores the index
 * under the DIRECTML policy, as GATHER_ELEMENTS does when it reads (docs/directml-behaviour.md §12.4).
 */
final class ScatterElementsKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.SCATTER_ELEMENTS;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        return execution(operator.desc(ScatterElementsOperatorDesc.class), operator.indexSemantics(),
                options.indexPolicy(), options.listener(), parallelism);
    }

    /** The execution of a desc with the given index semantics (the validator's, for a validated one). */
    static ScatterExecution execution(ScatterElementsOperatorDesc desc, IndexSemantics semantics, IndexPolicy policy,
            ExecutionListener listener, Parallelism parallelism) {
        BufferTensorDesc input = GatherSpace.buffer(desc.inputTensor(), ScatterElementsOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc indices = GatherSpace.buffer(desc.indicesTensor(),
                ScatterElementsOperatorDesc.INDICES_TENSOR);
        BufferTensorDesc updates = GatherSpace.buffer(desc.updatesTensor(),
                ScatterElementsOperatorDesc.UPDATES_TENSOR);
        BufferTensorDesc output = GatherSpace.buffer(desc.outputTensor(), ScatterElementsOperatorDesc.OUTPUT_TENSOR);
        return ScatterExecution.prepare(desc, geometry(input, indices, updates, output, desc.axis()), input, indices,
                updates, output, semantics, policy, true, listener, parallelism);
    }

    /**
     * The backward view: a GATHER_ELEMENTS from the output into the updates along Axis, so
     * {@link GatherElementsKernel#space} draws it (and checks the same sizes: the indices' and updates' equal, and
     * equal to the output's off the axis); the walk visits every update, the output offset of its non-axis
     * coordinates comes from the walk and the axis coordinate from the index. The checks only guard the emulator's
     * own assumptions (a validated desc always passes them).
     *
     * @throws IllegalArgumentException if the desc breaks a rule the emulator relies on
     */
    static GatherNdGeometry geometry(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc updates,
            BufferTensorDesc output, long axis) {
        if (!input.sizes().equals(output.sizes())) {
            throw new IllegalArgumentException("OutputTensor.Sizes must equal InputTensor.Sizes");
        }
        GatherSpace backward = GatherElementsKernel.space(new GatherElementsOperatorDesc(output, indices, updates,
                axis));
        long[] none = new long[0];
        return new GatherNdGeometry(backward.sizes(), backward.inputStrides(), backward.indicesStrides(),
                backward.outputStrides(), 0, new long[] {backward.axisSize()}, new long[] {backward.axisStride()},
                new int[] {(int) axis}, none, none, none, false);
    }
}

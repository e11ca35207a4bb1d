package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * {@code DML_OPERATOR_GATHER_ELEMENTS} on the emulator: the output walks the indices' coordinates, and the index
 * replaces the coordinate along Axis. A {@link GatherExecution} with the default tuning.
 */
final class GatherElementsKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.GATHER_ELEMENTS;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        GatherElementsOperatorDesc desc = operator.desc(GatherElementsOperatorDesc.class);
        return GatherExecution.prepare(desc, space(desc), operator.indexSemantics(), options.indexPolicy(),
                parallelism, KernelTuning.DEFAULT);
    }

    /**
     * The desc as the shared engine sees it. The checks only guard the emulator's own assumptions (a validated desc
     * always passes them).
     *
     * @throws IllegalArgumentException if the desc breaks a rule the emulator relies on
     */
    static GatherSpace space(GatherElementsOperatorDesc desc) {
        BufferTensorDesc input = GatherSpace.buffer(desc.inputTensor(), GatherElementsOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc indices = GatherSpace.buffer(desc.indicesTensor(),
                GatherElementsOperatorDesc.INDICES_TENSOR);
        BufferTensorDesc output = GatherSpace.buffer(desc.outputTensor(), GatherElementsOperatorDesc.OUTPUT_TENSOR);
        int rank = input.sizes().size();
        if (indices.sizes().size() != rank || output.sizes().size() != rank) {
            throw new IllegalArgumentException("InputTensor, IndicesTensor and OutputTensor must have the same rank");
        }
        if (desc.axis() < 0 || desc.axis() >= rank) {
            throw new IllegalArgumentException("Axis " + desc.axis() + " is not in [0, " + rank + ")");
        }
        if (!indices.sizes().equals(output.sizes())) {
            throw new IllegalArgumentException("OutputTensor.Sizes must equal IndicesTensor.Sizes");
        }
        int axis = (int) desc.axis();
        for (int d = 0; d < rank; d++) {
            if (d != axis && !input.sizes().get(d).equals(indices.sizes().get(d))) {
                throw new IllegalArgumentException("IndicesTensor.Sizes[" + d + "] must equal InputTensor.Sizes[" + d
                        + "] (only the Axis dimension may differ)");
            }
        }
        long[] inputStrides = GatherSpace.longs(input.effectiveStrides());
        long axisStride = inputStrides[axis];
        inputStrides[axis] = 0;
        boolean[] indexDimensions = new boolean[rank];
        indexDimensions[axis] = true;
        return new GatherSpace(input, indices, output, axis, input.sizes().get(axis), axisStride,
                GatherSpace.longs(indices.sizes()), inputStrides, GatherSpace.longs(indices.effectiveStrides()),
                GatherSpace.longs(output.effectiveStrides()), indexDimensions, true, false);
    }
}

package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * {@code DML_OPERATOR_GATHER} on the emulator: a gather whose indices are read through strides that skip the output
 * dimensions they do not index, and whose input strides skip the dimensions the index supplies. The shared engine
 * ({@link GatherExecution}) does the rest; how the output dimensions map onto input and indices is
 * docs/directml-behaviour.md §10.
 */
final class DmlGatherKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.GATHER;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        GatherOperatorDesc desc = operator.desc(GatherOperatorDesc.class);
        return GatherExecution.prepare(desc, space(desc), operator.indexSemantics(), options.indexPolicy(),
                parallelism, KernelTuning.DEFAULT);
    }

    /**
     * The desc as the shared engine sees it. With R dimensions and k = IndexDimensions, the output's sizes are the
     * formula F = Input.Sizes[0..Axis) ++ Indices.Sizes[R-k..R) ++ Input.Sizes(Axis..R) (R - 1 + k entries)
     * right-aligned to R: for k of 2 or more its first k - 1 entries are cropped (read at coordinate 0 whatever
     * their size, as DirectML does), and for k = 0 output dimension 0 is a padding dimension, whose size DirectML
     * does not check. With k = 0, indices whose sizes are not all 1 give each output element an index of its own:
     * their dimensions after their leading 1s are read along the output's dimensions after its leading 1s, in order,
     * and at coordinate 0 past the last one (measured: docs/directml-behaviour.md §10.4). The checks only guard the
     * emulator's own assumptions (a validated desc always passes them).
     *
     * @throws IllegalArgumentException if the desc breaks a rule the emulator relies on
     */
    static GatherSpace space(GatherOperatorDesc desc) {
        BufferTensorDesc input = GatherSpace.buffer(desc.inputTensor(), GatherOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc indices = GatherSpace.buffer(desc.indicesTensor(), GatherOperatorDesc.INDICES_TENSOR);
        BufferTensorDesc output = GatherSpace.buffer(desc.outputTensor(), GatherOperatorDesc.OUTPUT_TENSOR);
        int rank = input.sizes().size();
        if (indices.sizes().size() != rank || output.sizes().size() != rank) {
            throw new IllegalArgumentException("InputTensor, IndicesTensor and OutputTensor must have the same rank");
        }
        if (desc.axis() < 0 || desc.axis() >= rank) {
            throw new IllegalArgumentException("Axis " + desc.axis() + " is not in [0, " + rank + ")");
        }
        if (desc.indexDimensions() < 0 || desc.indexDimensions() > rank) {
            throw new IllegalArgumentException("IndexDimensions " + desc.indexDimensions() + " is not in [0, " + rank
                    + "]");
        }
        int axis = (int) desc.axis();
        int k = (int) desc.indexDimensions();
        long[] inSizes = GatherSpace.longs(input.sizes());
        long[] idxSizes = GatherSpace.longs(indices.sizes());
        long[] outSizes = GatherSpace.longs(output.sizes());
        long[] inStrides = GatherSpace.longs(input.effectiveStrides());
        long[] idxStrides = GatherSpace.longs(indices.effectiveStrides());
        for (int d = 0; d < rank - k; d++) {
            if (k > 0 && idxSizes[d] != 1) {
                throw new IllegalArgumentException("IndicesTensor.Sizes[" + d + "] must be 1: it is outside the last "
                        + k + " (IndexDimensions) dimensions");
            }
        }
        long[] inputStrides = new long[rank];
        long[] indicesStrides = new long[rank];
        boolean[] indexDimensions = new boolean[rank];
        int formulaLength = rank - 1 + k;
        int firstFormula = formulaLength - rank; // the formula entry at output dimension 0 (-1: padding)
        for (int i = 0; i < rank; i++) {
            int j = firstFormula + i;
            long expected;
            if (j < 0) {
                expected = outSizes[i];
                inputStrides[i] = paddingStep(input);
            } else if (j < axis) {
                expected = inSizes[j];
                inputStrides[i] = inStrides[j];
            } else if (j < axis + k) {
                int indicesDim = rank - k + (j - axis);
                expected = idxSizes[indicesDim];
                indicesStrides[i] = idxStrides[indicesDim];
                indexDimensions[i] = true;
            } else {
                int inputDim = j - k + 1;
                expected = inSizes[inputDim];
                inputStrides[i] = inStrides[inputDim];
            }
            if (outSizes[i] != expected) {
                throw new IllegalArgumentException("OutputTensor.Sizes[" + i + "] must be " + expected + " but is "
                        + outSizes[i]);
            }
        }
        if (k == 0) {
            readScalarIndicesPerElement(idxSizes, idxStrides, outSizes, indicesStrides);
        }
        boolean readsPastInput = k == 0 && outSizes[0] > 1 && inputStrides[0] != 0;
        return new GatherSpace(input, indices, output, axis, inSizes[axis], inStrides[axis], outSizes, inputStrides,
                indicesStrides, GatherSpace.longs(output.effectiveStrides()), indexDimensions, false,
                readsPastInput);
    }

    /**
     * IndexDimensions 0: the indices' dimensions after their leading 1s go, in order, onto the output's dimensions
     * after its leading 1s; one that runs past the last output dimension is read at coordinate 0. All 1s (the
     * documented scalar index) put nothing anywhere. None of these output dimensions is an index dimension of the
     * engine: the input keeps its own stride along each, as along GatherElements' non-axis dimensions.
     */
    private static void readScalarIndicesPerElement(long[] idxSizes, long[] idxStrides, long[] outSizes,
            long[] indicesStrides) {
        int rank = outSizes.length;
        int firstIndices = leadingOnes(idxSizes);
        int firstOutput = leadingOnes(outSizes);
        for (int d = firstIndices; d < rank; d++) {
            int along = firstOutput + (d - firstIndices);
            if (along < rank) {
                indicesStrides[along] = idxStrides[d];
            }
        }
    }

    private static int leadingOnes(long[] sizes) {
        int count = 0;
        while (count < sizes.length && sizes[count] == 1) {
            count++;
        }
        return count;
    }

    /**
     * How far the padding dimension of IndexDimensions 0 steps through the input, in elements (measured:
     * docs/directml-behaviour.md §10.5): by the input's element count when the input has no Strides and a
     * DimensionCount other than 4 or 8 (DirectML seems to pad such tensors to 4 or 8 dimensions, packed), and not at
     * all otherwise.
     */
    static long paddingStep(BufferTensorDesc input) {
        int rank = input.sizes().size();
        if (input.strides().isPresent() || rank == 4 || rank == 8) {
            return 0;
        }
        return product(GatherSpace.longs(input.sizes()));
    }

    private static long product(long[] sizes) {
        long product = 1;
        for (long size : sizes) {
            product = Math.multiplyExact(product, size);
        }
        return product;
    }
}

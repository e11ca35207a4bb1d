package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;

/**
 * How GATHER_ND and GATHER_ND1 map the output onto input and indices (docs/directml-behaviour.md §11.3), in
 * elements, before anything depends on bound buffers. With R the DimensionCount, B the BatchDimensionCount, q the
 * tuple length and the counted dimensions {@code in}/{@code idx}, the output's sizes are
 * {@code F = idx[0 .. len-1) ++ in[B+q ..)} right-aligned to R. The output splits into:
 *
 * <ul>
 *   <li>the outer dimensions: the leading 1s, then B batch dimensions (indices and input both step along them; the
 *       coordinate is the output's, so a batch past the input's size reads on through its buffer, §11.4), then the
 *       indices' leading dimensions (only the indices step);
 *   <li>the q tuple coordinates each outer position reads from the indices' last dimension, each against one input
 *       dimension;
 *   <li>the trailing slice dimensions, copied from the input as they are.
 * </ul>
 *
 * @param outerSizes the output's sizes before the slice, leading 1s included
 * @param outerInputStrides per outer dimension, the input's stride (batch dimensions only, else 0)
 * @param outerIndicesStrides per outer dimension, the indices' stride
 * @param outerOutputStrides per outer dimension, the output's stride
 * @param tupleIndicesStride the indices' stride along their last dimension, between a tuple's coordinates
 * @param tupleInputSizes per tuple coordinate, the size of the input dimension it indexes
 * @param tupleInputStrides per tuple coordinate, the input's stride along that dimension
 * @param tupleInputDimensions per tuple coordinate, which input dimension it indexes (for messages)
 * @param sliceSizes the output's trailing sizes, copied slice by slice
 * @param sliceInputStrides per slice dimension, the input's stride
 * @param sliceOutputStrides per slice dimension, the output's stride
 * @param readsPastInput whether some batch coordinate of the output lies past the input's batch size (GATHER_ND1 with
 *     batch sizes that differ), so reads may leave the input tensor even for in-range indices
 */
record GatherNdGeometry(long[] outerSizes, long[] outerInputStrides, long[] outerIndicesStrides,
        long[] outerOutputStrides, long tupleIndicesStride, long[] tupleInputSizes, long[] tupleInputStrides,
        int[] tupleInputDimensions, long[] sliceSizes, long[] sliceInputStrides, long[] sliceOutputStrides,
        boolean readsPastInput) {

    int tupleLength() {
        return tupleInputSizes.length;
    }

    /**
     * The geometry of a desc the validator accepted. The checks only guard the emulator's own assumptions (a
     * validated desc always passes them).
     *
     * @param inputCount InputDimensionCount
     * @param indicesCount IndicesDimensionCount
     * @param batch BatchDimensionCount (0 for GATHER_ND)
     * @throws IllegalArgumentException if the desc breaks a rule the emulator relies on
     */
    static GatherNdGeometry of(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc output,
            long inputCount, long indicesCount, long batch) {
        long[] inSizes = GatherSpace.longs(input.sizes());
        long[] idxSizes = GatherSpace.longs(indices.sizes());
        long[] outSizes = GatherSpace.longs(output.sizes());
        int rank = inSizes.length;
        if (idxSizes.length != rank || outSizes.length != rank || rank < 1) {
            throw new IllegalArgumentException("InputTensor, IndicesTensor and OutputTensor must have the same rank");
        }
        if (inputCount < 1 || inputCount > rank || indicesCount < 1 || indicesCount > rank || batch < 0
                || batch >= inputCount || batch >= indicesCount) {
            throw new IllegalArgumentException("InputDimensionCount " + inputCount + ", IndicesDimensionCount "
                    + indicesCount + " and BatchDimensionCount " + batch + " do not fit DimensionCount " + rank);
        }
        int ci = (int) inputCount;
        int cx = (int) indicesCount;
        int b = (int) batch;
        int firstInput = rank - ci; // input dimension of the first counted one
        int firstIndices = rank - cx;
        long tuple = idxSizes[rank - 1];
        if (tuple < 1 || tuple > ci - b) {
            throw new IllegalArgumentException("the index tuple has " + tuple + " coordinates, not 1 to " + (ci - b));
        }
        int q = (int) tuple;
        requireOnes(inSizes, firstInput, "InputTensor");
        requireOnes(idxSizes, firstIndices, "IndicesTensor");
        int sliceCount = ci - b - q;
        int formulaLength = cx - 1 + sliceCount;
        if (formulaLength > rank) {
            throw new IllegalArgumentException("the output formula has " + formulaLength + " dimensions, more than "
                    + rank);
        }
        long[] inStrides = GatherSpace.longs(input.effectiveStrides());
        long[] idxStrides = GatherSpace.longs(indices.effectiveStrides());
        long[] outStrides = GatherSpace.longs(output.effectiveStrides());

        int outerCount = rank - sliceCount;
        int firstFormula = rank - formulaLength; // output dimension of the formula's first entry
        long[] outerSizes = new long[outerCount];
        long[] outerInput = new long[outerCount];
        long[] outerIndices = new long[outerCount];
        long[] outerOutput = new long[outerCount];
        boolean readsPastInput = false;
        for (int d = 0; d < outerCount; d++) {
            int j = d - firstFormula; // formula entry, negative for a leading 1
            long expected = j < 0 ? 1 : idxSizes[firstIndices + j];
            if (j >= 0) {
                outerIndices[d] = idxStrides[firstIndices + j];
            }
            if (j >= 0 && j < b) {
                outerInput[d] = inStrides[firstInput + j];
                readsPastInput |= idxSizes[firstIndices + j] > inSizes[firstInput + j];
            }
            checkSize(outSizes, d, expected);
            outerSizes[d] = outSizes[d];
            outerOutput[d] = outStrides[d];
        }
        long[] tupleSizes = new long[q];
        long[] tupleStrides = new long[q];
        int[] tupleDimensions = new int[q];
        for (int t = 0; t < q; t++) {
            tupleDimensions[t] = firstInput + b + t;
            tupleSizes[t] = inSizes[firstInput + b + t];
            tupleStrides[t] = inStrides[firstInput + b + t];
        }
        long[] sliceSizes = new long[sliceCount];
        long[] sliceInput = new long[sliceCount];
        long[] sliceOutput = new long[sliceCount];
        for (int k = 0; k < sliceCount; k++) {
            int inputDimension = firstInput + b + q + k;
            checkSize(outSizes, outerCount + k, inSizes[inputDimension]);
            sliceSizes[k] = inSizes[inputDimension];
            sliceInput[k] = inStrides[inputDimension];
            sliceOutput[k] = outStrides[outerCount + k];
        }
        return new GatherNdGeometry(outerSizes, outerInput, outerIndices, outerOutput, idxStrides[rank - 1],
                tupleSizes, tupleStrides, tupleDimensions, sliceSizes, sliceInput, sliceOutput, readsPastInput);
    }

    private static void requireOnes(long[] sizes, int count, String field) {
        for (int d = 0; d < count; d++) {
            if (sizes[d] != 1) {
                throw new IllegalArgumentException(field + ".Sizes[" + d + "] must be 1: it is outside the counted "
                        + "dimensions");
            }
        }
    }

    private static void checkSize(long[] outSizes, int d, long expected) {
        if (outSizes[d] != expected) {
            throw new IllegalArgumentException("OutputTensor.Sizes[" + d + "] must be " + expected + " but is "
                    + outSizes[d]);
        }
    }
}

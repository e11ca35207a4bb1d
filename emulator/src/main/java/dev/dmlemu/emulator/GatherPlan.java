package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Everything about one GatherElements desc that does not depend on the bound buffers, computed once: the iteration
 * space (the indices/output coordinates, with size-1 dimensions dropped and contiguous neighbours merged), byte
 * strides per tensor, and how index values are read. Immutable.
 *
 * <p>Iterating over the merged dimensions visits output elements in the same row-major order as the original ones,
 * and every byte offset is the same sum, so merging changes neither results nor "first out-of-range" order.
 */
final class GatherPlan {

    /** Bytes per data element: 1, 2, 4 or 8. */
    final int elementSize;
    /** Bytes per index: 4 or 8. */
    final int indexSize;
    final TensorDataType indexType;
    final IndexPolicy policy;
    /** Under STRICT and CLAMP_AXIS: whether negative values count from the end (the validator's semantics). */
    final boolean signedWrap;
    /** The value added to a negative index by the fast loops (the axis size or 0), for 64-bit reads. */
    final long wrapMask;
    /** The input's size along Axis (1 to 2^32 - 1). */
    final long axisSize;
    final long axis;
    /** The input's stride along Axis in elements. */
    final long axisStride;
    /** True when the fast loops apply: the axis size fits in an int. */
    final boolean fastAxis;

    /** Merged iteration sizes, outermost first; at least one dimension. */
    final long[] sizes;
    /** Per merged dimension, byte strides of input (0 along the axis), indices and output. */
    final long[] inputStrides;
    final long[] indicesStrides;
    final long[] outputStrides;
    final long elementCount;
    /** The merged dimension holding Axis, or -1 when the indices have size 1 along it. */
    final int axisDim;

    /** The original indices sizes, to turn an element number back into a coordinate for messages. */
    final long[] logicalSizes;

    final long inputTotalBytes;
    /** N - 1 where N = ceil(input TotalTensorSizeInBytes / element size): the last element DirectML may read. */
    final long inputLastElement;
    /** Whether element N - 1 extends past TotalTensorSizeInBytes (and so reads as zero). */
    final boolean inputLastElementPartial;

    private GatherPlan(Builder b) {
        this.elementSize = b.elementSize;
        this.indexSize = b.indexSize;
        this.indexType = b.indexType;
        this.policy = b.policy;
        this.signedWrap = b.signedWrap;
        this.wrapMask = b.wrapMask;
        this.axisSize = b.axisSize;
        this.axis = b.axis;
        this.axisStride = b.axisStride;
        this.fastAxis = b.axisSize <= Integer.MAX_VALUE;
        this.sizes = b.sizes;
        this.inputStrides = b.inputStrides;
        this.indicesStrides = b.indicesStrides;
        this.outputStrides = b.outputStrides;
        this.elementCount = b.elementCount;
        this.axisDim = b.axisDim;
        this.logicalSizes = b.logicalSizes;
        this.inputTotalBytes = b.input.totalTensorSizeInBytes();
        long n = Long.divideUnsigned(inputTotalBytes + elementSize - 1, elementSize);
        this.inputLastElement = n - 1;
        this.inputLastElementPartial = n * elementSize > inputTotalBytes;
    }

    /**
     * Plans a desc the validator accepted. The checks here only guard the emulator's own assumptions (a validated
     * desc always passes them).
     *
     * @throws IllegalArgumentException if the desc breaks a rule the emulator relies on
     */
    static GatherPlan compile(GatherElementsOperatorDesc desc, IndexSemantics semantics, IndexPolicy policy) {
        BufferTensorDesc input = buffer(desc.inputTensor(), GatherElementsOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc indices = buffer(desc.indicesTensor(), GatherElementsOperatorDesc.INDICES_TENSOR);
        BufferTensorDesc output = buffer(desc.outputTensor(), GatherElementsOperatorDesc.OUTPUT_TENSOR);
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
        if (input.dataType() != output.dataType()) {
            throw new IllegalArgumentException("OutputTensor.DataType must equal InputTensor.DataType");
        }
        int axis = (int) desc.axis();
        for (int d = 0; d < rank; d++) {
            if (d != axis && !input.sizes().get(d).equals(indices.sizes().get(d))) {
                throw new IllegalArgumentException("IndicesTensor.Sizes[" + d + "] must equal InputTensor.Sizes[" + d
                        + "] (only the Axis dimension may differ)");
            }
        }
        if (!input.dataType().isByteAddressable()) {
            throw new IllegalArgumentException("InputTensor.DataType " + input.dataType().name()
                    + " has no whole-byte element size");
        }
        Builder b = new Builder();
        b.input = input;
        b.indices = indices;
        b.output = output;
        b.policy = policy;
        b.elementSize = input.dataType().sizeInBytes();
        b.indexType = indices.dataType();
        b.indexSize = switch (indices.dataType()) {
            case INT32, UINT32 -> 4;
            case INT64, UINT64 -> 8;
            default -> throw new IllegalArgumentException("IndicesTensor.DataType " + indices.dataType().name()
                    + " is not an index type (INT32, UINT32, INT64, UINT64)");
        };
        b.axis = axis;
        b.axisSize = input.sizes().get(axis);
        if (b.axisSize < 1 || b.axisSize > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("InputTensor.Sizes[" + axis + "] must be in [1, 2^32)");
        }
        b.signedWrap = semantics == IndexSemantics.SIGNED_WRAP;
        // DirectML reads every index as signed 64-bit, UINT64 included (docs/directml-behaviour.md §7.1, step 1);
        // UINT32 is zero-extended.
        boolean wrapsNegative = policy == IndexPolicy.DIRECTML ? b.indexType != TensorDataType.UINT32 : b.signedWrap;
        b.wrapMask = wrapsNegative ? b.axisSize : 0;
        List<Long> inStrides = input.effectiveStrides();
        List<Long> idxStrides = indices.effectiveStrides();
        List<Long> outStrides = output.effectiveStrides();
        b.axisStride = inStrides.get(axis);
        b.logicalSizes = indices.sizes().stream().mapToLong(Long::longValue).toArray();

        // Iteration dimensions: every indices dimension of size > 1, merged with its outer neighbour when all three
        // tensors are contiguous across the pair.
        List<long[]> dims = new ArrayList<>(); // {size, inStride, idxStride, outStride} in elements
        long count = 1;
        b.axisDim = -1;
        for (int d = 0; d < rank; d++) {
            long size = indices.sizes().get(d);
            count = Math.multiplyExact(count, size);
            if (size == 1) {
                continue;
            }
            long[] dim = {size, d == axis ? 0 : inStrides.get(d), idxStrides.get(d), outStrides.get(d)};
            if (!dims.isEmpty()) {
                long[] outer = dims.get(dims.size() - 1);
                if (outer[1] == dim[1] * size && outer[2] == dim[2] * size && outer[3] == dim[3] * size) {
                    dims.set(dims.size() - 1, new long[] {outer[0] * size, dim[1], dim[2], dim[3]});
                    if (d == axis) {
                        b.axisDim = dims.size() - 1;
                    }
                    continue;
                }
            }
            dims.add(dim);
            if (d == axis) {
                b.axisDim = dims.size() - 1;
            }
        }
        if (dims.isEmpty()) {
            dims.add(new long[] {1, 0, 0, 0});
        }
        int n = dims.size();
        b.sizes = new long[n];
        b.inputStrides = new long[n];
        b.indicesStrides = new long[n];
        b.outputStrides = new long[n];
        for (int i = 0; i < n; i++) {
            long[] dim = dims.get(i);
            b.sizes[i] = dim[0];
            b.inputStrides[i] = dim[1] * b.elementSize;
            b.indicesStrides[i] = dim[2] * b.indexSize;
            b.outputStrides[i] = dim[3] * b.elementSize;
        }
        b.elementCount = count;
        return new GatherPlan(b);
    }

    /**
     * A cursor over the rows of the iteration space (every merged dimension but the innermost, along which the loops
     * run), with the byte offsets of input (0), indices (1) and output (2).
     */
    CoordinateCursor rowCursor() {
        return new CoordinateCursor(Arrays.copyOf(sizes, sizes.length - 1), inputStrides, indicesStrides,
                outputStrides);
    }

    /** The coordinate in the original indices/output tensor of the element visited {@code number}-th. */
    List<Long> coordinateOf(long number) {
        Long[] coordinate = new Long[logicalSizes.length];
        for (int d = logicalSizes.length - 1; d >= 0; d--) {
            coordinate[d] = number % logicalSizes[d];
            number /= logicalSizes[d];
        }
        return List.of(coordinate);
    }

    /** An index value as its type reads it, in decimal. */
    String indexText(long raw) {
        return switch (indexType) {
            case UINT32 -> Long.toString(raw & 0xFFFF_FFFFL);
            case UINT64 -> Long.toUnsignedString(raw);
            default -> Long.toString(raw);
        };
    }

    private static BufferTensorDesc buffer(TensorDesc desc, String field) {
        if (desc instanceof BufferTensorDesc buffer) {
            return buffer;
        }
        throw new IllegalArgumentException(field + " is not a buffer tensor");
    }

    private static final class Builder {
        BufferTensorDesc input;
        BufferTensorDesc indices;
        BufferTensorDesc output;
        IndexPolicy policy;
        int elementSize;
        int indexSize;
        TensorDataType indexType;
        boolean signedWrap;
        long wrapMask;
        long axisSize;
        long axis;
        long axisStride;
        long[] sizes;
        long[] inputStrides;
        long[] indicesStrides;
        long[] outputStrides;
        long elementCount;
        int axisDim;
        long[] logicalSizes;
    }
}

package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Everything about one gather that does not depend on the bound buffers, computed once from its {@link GatherSpace}:
 * the iteration space (the output coordinates, with size-1 dimensions dropped and contiguous neighbours merged), byte
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
    /** Whether a size-1 axis reads position 0 whatever the index (GatherElements) or not (Gather). */
    final boolean unitAxisIgnoresIndex;
    /**
     * True when the fast loops apply: the axis size fits in an int, and an in-range index always reads inside the
     * input. Otherwise every index takes the out-of-range rule.
     */
    final boolean fastAxis;

    /** Merged iteration sizes, outermost first; at least one dimension. */
    final long[] sizes;
    /** Per merged dimension, byte strides of input (0 along the axis), indices and output. */
    final long[] inputStrides;
    final long[] indicesStrides;
    final long[] outputStrides;
    final long elementCount;
    /**
     * The merged dimension along which the index varies, or -1 when it varies along none (indices of size 1 there)
     * or along several.
     */
    final int axisDim;

    /** The output's sizes, to turn an element number back into a coordinate for messages. */
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
        this.unitAxisIgnoresIndex = b.unitAxisIgnoresIndex;
        this.fastAxis = b.axisSize <= Integer.MAX_VALUE && !b.readsPastInput;
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
     * Plans a gather the validator accepted, from its operator's view of the output ({@link GatherSpace}). The
     * checks here only guard the emulator's own assumptions (a validated desc always passes them).
     *
     * @throws IllegalArgumentException if the desc breaks a rule the emulator relies on
     */
    static GatherPlan compile(GatherSpace space, IndexSemantics semantics, IndexPolicy policy) {
        BufferTensorDesc input = space.input();
        BufferTensorDesc indices = space.indices();
        if (input.dataType() != space.output().dataType()) {
            throw new IllegalArgumentException("OutputTensor.DataType must equal InputTensor.DataType");
        }
        if (!input.dataType().isByteAddressable()) {
            throw new IllegalArgumentException("InputTensor.DataType " + input.dataType().name()
                    + " has no whole-byte element size");
        }
        Builder b = new Builder();
        b.input = input;
        b.policy = policy;
        b.elementSize = input.dataType().sizeInBytes();
        b.indexType = indices.dataType();
        b.indexSize = switch (indices.dataType()) {
            case INT32, UINT32 -> 4;
            case INT64, UINT64 -> 8;
            default -> throw new IllegalArgumentException("IndicesTensor.DataType " + indices.dataType().name()
                    + " is not an index type (INT32, UINT32, INT64, UINT64)");
        };
        b.axis = space.axis();
        b.axisSize = space.axisSize();
        if (b.axisSize < 1 || b.axisSize > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("InputTensor.Sizes[" + space.axis() + "] must be in [1, 2^32)");
        }
        b.signedWrap = semantics == IndexSemantics.SIGNED_WRAP;
        // DirectML reads every index as signed 64-bit, UINT64 included (docs/directml-behaviour.md §7.1, step 1);
        // UINT32 is zero-extended.
        boolean wrapsNegative = policy == IndexPolicy.DIRECTML ? b.indexType != TensorDataType.UINT32 : b.signedWrap;
        b.wrapMask = wrapsNegative ? b.axisSize : 0;
        b.axisStride = space.axisStride();
        b.unitAxisIgnoresIndex = space.unitAxisIgnoresIndex();
        b.readsPastInput = space.readsPastInput();
        b.logicalSizes = space.sizes().clone();

        // Iteration dimensions: every output dimension of size > 1, merged with its outer neighbour when all three
        // tensors are contiguous across the pair.
        List<long[]> dims = new ArrayList<>(); // {size, inStride, idxStride, outStride} in elements
        List<Boolean> carriesIndex = new ArrayList<>();
        long count = 1;
        for (int d = 0; d < space.rank(); d++) {
            long size = space.sizes()[d];
            count = Math.multiplyExact(count, size);
            if (size == 1) {
                continue;
            }
            long[] dim = {size, space.inputStrides()[d], space.indicesStrides()[d], space.outputStrides()[d]};
            boolean index = space.indexDimensions()[d];
            if (!dims.isEmpty()) {
                long[] outer = dims.get(dims.size() - 1);
                if (outer[1] == dim[1] * size && outer[2] == dim[2] * size && outer[3] == dim[3] * size) {
                    dims.set(dims.size() - 1, new long[] {outer[0] * size, dim[1], dim[2], dim[3]});
                    carriesIndex.set(dims.size() - 1, carriesIndex.get(dims.size() - 1) || index);
                    continue;
                }
            }
            dims.add(dim);
            carriesIndex.add(index);
        }
        if (dims.isEmpty()) {
            dims.add(new long[] {1, 0, 0, 0});
            carriesIndex.add(false);
        }
        // The orders that cut tiles around the axis need the index to vary along one merged dimension only.
        b.axisDim = carriesIndex.indexOf(true) == carriesIndex.lastIndexOf(true) ? carriesIndex.indexOf(true) : -1;
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

    private static final class Builder {
        BufferTensorDesc input;
        IndexPolicy policy;
        boolean unitAxisIgnoresIndex;
        boolean readsPastInput;
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

package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Everything about one GATHER_ND or GATHER_ND1 that does not depend on the bound buffers, computed once from its
 * {@link GatherNdGeometry}: the walk over index tuples (size-1 outer dimensions dropped, contiguous neighbours
 * merged), the slice each tuple copies ({@link GatherNdSlice}), how index values are read and judged, and the last
 * input element DirectML may read. Strides and offsets are in elements. Immutable.
 */
final class GatherNdPlan {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    final int elementSize;
    /** Bytes per index: 4 or 8. */
    final int indexSize;
    final TensorDataType indexType;
    final IndexPolicy policy;
    /** Under STRICT and CLAMP_AXIS: whether negative values count from the end (the validator's semantics). */
    final boolean signedWrap;
    /**
     * Whether a negative value gets its dimension's size added before it is judged: under DIRECTML every type but
     * UINT32 (DirectML reads indices as signed 64 bits, UINT64 too: docs/directml-behaviour.md §7.1), otherwise
     * {@link #signedWrap}.
     */
    private final boolean wrapsNegative;

    /** The output's sizes before the slice (leading 1s included), to turn a tuple number into a coordinate. */
    final long[] outerSizes;
    /** The tuple walk: merged outer sizes and the strides of input (0), indices (1) and output (2). */
    final long[] walkSizes;
    final long[][] walkStrides;
    /** How many tuples the output holds: the product of {@link #outerSizes}. */
    final long tupleCount;
    /** How many elements the output holds: tuples times slice elements. */
    final long elementCount;

    final long tupleIndicesStride;
    final long[] tupleSizes;
    final long[] tupleStrides;
    final int[] tupleDimensions;

    final GatherNdSlice slice;
    /** How many output dimensions the slice spans (the tail of an output coordinate). */
    final int sliceRank;

    /** Whether in-range indices may still read past the input (a batch coordinate past the input's batch size). */
    final boolean readsPastInput;
    /** N - 1 where N = ceil(input TotalTensorSizeInBytes / element size): the last element DirectML may read. */
    final long inputLastElement;
    /** Whether element N - 1 extends past TotalTensorSizeInBytes (and so reads as zero). */
    final boolean inputLastElementPartial;
    /** The straight-line resolver of one or two packed 64-bit coordinates, or null for other tuples. */
    final PackedLongTuples packedLongTuples;

    private GatherNdPlan(GatherNdGeometry geometry, BufferTensorDesc input, BufferTensorDesc indices,
            IndexSemantics semantics, IndexPolicy policy) {
        this.elementSize = input.dataType().sizeInBytes();
        this.indexType = indices.dataType();
        this.indexSize = switch (indexType) {
            case INT32, UINT32 -> 4;
            case INT64, UINT64 -> 8;
            default -> throw new IllegalArgumentException("IndicesTensor.DataType " + indexType.name()
                    + " is not an index type (INT32, UINT32, INT64, UINT64)");
        };
        this.policy = policy;
        this.signedWrap = semantics == IndexSemantics.SIGNED_WRAP;
        this.wrapsNegative = policy == IndexPolicy.DIRECTML ? indexType != TensorDataType.UINT32 : signedWrap;
        this.outerSizes = geometry.outerSizes();
        long[][] walk = merge(geometry.outerSizes(), geometry.outerInputStrides(), geometry.outerIndicesStrides(),
                geometry.outerOutputStrides());
        this.walkSizes = walk[0];
        this.walkStrides = Arrays.copyOfRange(walk, 1, 4);
        long count = 1;
        for (long size : outerSizes) {
            count = Math.multiplyExact(count, size);
        }
        this.tupleCount = count;
        this.tupleIndicesStride = geometry.tupleIndicesStride();
        this.tupleSizes = geometry.tupleInputSizes();
        this.tupleStrides = geometry.tupleInputStrides();
        this.tupleDimensions = geometry.tupleInputDimensions();
        long[][] slice = merge(geometry.sliceSizes(), geometry.sliceInputStrides(), geometry.sliceOutputStrides());
        this.slice = new GatherNdSlice(slice[0], slice[1], slice[2], elementSize);
        long sliceElements = 1;
        for (long size : geometry.sliceSizes()) {
            sliceElements = Math.multiplyExact(sliceElements, size);
        }
        this.elementCount = Math.multiplyExact(tupleCount, sliceElements);
        this.sliceRank = geometry.sliceSizes().length;
        this.readsPastInput = geometry.readsPastInput();
        long total = input.totalTensorSizeInBytes();
        long n = Long.divideUnsigned(total + elementSize - 1, elementSize);
        this.inputLastElement = n - 1;
        this.inputLastElementPartial = Math.multiplyExact(n, elementSize) > total;
        this.packedLongTuples = PackedLongTuples.of(this);
    }

    /**
     * Plans a desc the validator accepted.
     *
     * @throws IllegalArgumentException if the desc breaks a rule the emulator relies on
     */
    static GatherNdPlan compile(GatherNdGeometry geometry, BufferTensorDesc input, BufferTensorDesc indices,
            BufferTensorDesc output, IndexSemantics semantics, IndexPolicy policy) {
        if (input.dataType() != output.dataType()) {
            throw new IllegalArgumentException("OutputTensor.DataType must equal InputTensor.DataType");
        }
        if (!input.dataType().isByteAddressable()) {
            throw new IllegalArgumentException("InputTensor.DataType " + input.dataType().name()
                    + " has no whole-byte element size");
        }
        return new GatherNdPlan(geometry, input, indices, semantics, policy);
    }

    /** A cursor over the tuple walk, with the element offsets of input (0), indices (1) and output (2). */
    CoordinateCursor tupleCursor() {
        return new CoordinateCursor(walkSizes, walkStrides[0], walkStrides[1], walkStrides[2]);
    }

    /**
     * A cursor over the tuple walk without its innermost dimension, which {@link GatherNdExecution} steps through as a
     * counted loop: the element offsets of input (0), indices (1) and output (2) at the start of each row of tuples.
     */
    CoordinateCursor tupleRowCursor() {
        int last = walkSizes.length - 1;
        return new CoordinateCursor(Arrays.copyOf(walkSizes, last), Arrays.copyOf(walkStrides[0], last),
                Arrays.copyOf(walkStrides[1], last), Arrays.copyOf(walkStrides[2], last));
    }

    int tupleLength() {
        return tupleSizes.length;
    }

    /** Index value {@code t} of the tuple at indices element {@code first}, as a 64-bit value (UINT32 unsigned). */
    long index(ByteBuffer indices, long first, int t) {
        int at = (int) ((first + t * tupleIndicesStride) * indexSize);
        return switch (indexSize) {
            case 4 -> indexType == TensorDataType.UINT32 ? indices.getInt(at) & LOW_32_BITS : indices.getInt(at);
            default -> indices.getLong(at);
        };
    }

    /** Whether a tuple coordinate lies inside its dimension (after the wrap of a negative value, where it wraps). */
    boolean inRange(long raw, int t) {
        return Long.compareUnsigned(wrapped(raw, t), tupleSizes[t]) < 0;
    }

    /** Whether {@link #wrapped} adds the dimension's size to a negative value. */
    boolean wrapsNegative() {
        return wrapsNegative;
    }

    /** The value with its dimension's size added when it is negative and the policy wraps. */
    long wrapped(long raw, int t) {
        return wrapsNegative && raw < 0 ? raw + tupleSizes[t] : raw;
    }

    /**
     * What DirectML adds to the input offset for a tuple coordinate (docs/directml-behaviour.md §11.5): the value as
     * signed 64 bits with its dimension's size added once when negative, its low 32 bits, times the dimension's
     * stride. The caller keeps the sum modulo 2^32; 64-bit wrapping keeps those low bits exact.
     */
    long directMlTerm(long raw, int t) {
        long value = raw < 0 ? raw + tupleSizes[t] : raw;
        return (value & LOW_32_BITS) * tupleStrides[t];
    }

    /** The position along the dimension a tuple coordinate reads under CLAMP_AXIS. */
    long clamped(long raw, int t) {
        long size = tupleSizes[t];
        if (signedWrap) {
            long position = raw < 0 ? raw + size : raw;
            return position < 0 ? 0 : Math.min(position, size - 1);
        }
        return Long.compareUnsigned(raw, size) >= 0 ? size - 1 : raw;
    }

    /**
     * The first out-of-range tuple coordinate among tuples {@code [begin, end)} in row-major order, as
     * {@code tuple * q + t}, or -1: what STRICT checks before anything is written.
     */
    long firstOutOfRange(ByteBuffer indices, long begin, long end) {
        CoordinateCursor tuples = tupleCursor();
        int q = tupleLength();
        tuples.seek(begin);
        for (long tuple = begin; tuple < end; tuple++) {
            long first = tuples.offset(1);
            for (int t = 0; t < q; t++) {
                if (!inRange(index(indices, first, t), t)) {
                    return tuple * q + t;
                }
            }
            tuples.next();
        }
        return -1;
    }

    /** A tuple coordinate {@link #firstOutOfRange} found: the tuple, the coordinate's place in it, and its value. */
    record OutOfRangeCoordinate(long tuple, int t, long raw) {}

    OutOfRangeCoordinate outOfRangeAt(ByteBuffer indices, long found) {
        int q = tupleLength();
        long tuple = found / q;
        int t = (int) (found % q);
        CoordinateCursor tuples = tupleCursor();
        tuples.seek(tuple);
        return new OutOfRangeCoordinate(tuple, t, index(indices, tuples.offset(1), t));
    }

    /** The coordinate in the output of the first element the {@code tuple}-th tuple writes. */
    List<Long> outputCoordinateOf(long tuple) {
        List<Long> coordinate = new ArrayList<>(outerSizes.length + sliceRank);
        Long[] outer = new Long[outerSizes.length];
        for (int d = outerSizes.length - 1; d >= 0; d--) {
            outer[d] = tuple % outerSizes[d];
            tuple /= outerSizes[d];
        }
        coordinate.addAll(Arrays.asList(outer));
        for (int k = 0; k < sliceRank; k++) {
            coordinate.add(0L);
        }
        return List.copyOf(coordinate);
    }

    /** An index value as its type reads it, in decimal. */
    String indexText(long raw) {
        return switch (indexType) {
            case UINT32 -> Long.toString(raw & LOW_32_BITS);
            case UINT64 -> Long.toUnsignedString(raw);
            default -> Long.toString(raw);
        };
    }

    /**
     * Size-1 dimensions dropped and each dimension merged into its outer neighbour when every tensor is contiguous
     * across the pair; row-major order and every offset stay the same. Returns the sizes, then each tensor's
     * strides; one dimension of size 1 when nothing is left.
     */
    static long[][] merge(long[] sizes, long[]... strides) {
        List<long[]> dims = new ArrayList<>(); // {size, stride of each tensor}
        for (int d = 0; d < sizes.length; d++) {
            if (sizes[d] == 1) {
                continue;
            }
            long[] dim = new long[1 + strides.length];
            dim[0] = sizes[d];
            for (int t = 0; t < strides.length; t++) {
                dim[1 + t] = strides[t][d];
            }
            if (!dims.isEmpty() && contiguous(dims.get(dims.size() - 1), dim)) {
                long[] outer = dims.get(dims.size() - 1);
                dim[0] = Math.multiplyExact(outer[0], dim[0]);
                dims.set(dims.size() - 1, dim);
                continue;
            }
            dims.add(dim);
        }
        if (dims.isEmpty()) {
            dims.add(new long[1 + strides.length]);
            dims.get(0)[0] = 1;
        }
        long[][] merged = new long[1 + strides.length][dims.size()];
        for (int i = 0; i < dims.size(); i++) {
            for (int f = 0; f < merged.length; f++) {
                merged[f][i] = dims.get(i)[f];
            }
        }
        return merged;
    }

    private static boolean contiguous(long[] outer, long[] inner) {
        for (int t = 1; t < inner.length; t++) {
            // Divided, not multiplied: a stride times a size can leave 64 bits; inner[0] is at least 2.
            if (outer[t] % inner[0] != 0 || outer[t] / inner[0] != inner[t]) {
                return false;
            }
        }
        return true;
    }
}

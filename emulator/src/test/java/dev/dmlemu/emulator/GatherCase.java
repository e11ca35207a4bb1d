package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * A random valid GatherElements case with its buffers: ranks 1-8, every axis, sizes including 1, strides that are
 * absent, padded, transposed or zero (inputs and indices), TotalTensorSizeInBytes with slack (not always a multiple
 * of 4 or of the element size), every element size and index type, and index values mixing in-range, negative,
 * just-out-of-range and huge values. Each tensor sits at an offset inside a larger buffer of either byte order.
 */
final class GatherCase {

    static final TensorDataType[] DATA_TYPES = {TensorDataType.FLOAT32, TensorDataType.FLOAT16,
        TensorDataType.FLOAT64, TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT16,
        TensorDataType.UINT16, TensorDataType.INT32, TensorDataType.UINT32, TensorDataType.INT64,
        TensorDataType.UINT64};
    static final TensorDataType[] INDEX_TYPES = {TensorDataType.INT32, TensorDataType.UINT32, TensorDataType.INT64,
        TensorDataType.UINT64};

    final long seed;
    final TensorDataType dataType;
    final TensorDataType indexType;
    final int axis;
    final long[] inputSizes;
    final long[] indicesSizes;
    /** Explicit strides, or null for packed. */
    final long[] inputStridesOrNull;
    final long[] indicesStridesOrNull;
    final long[] outputStridesOrNull;
    final long inputTotal;
    final long indicesTotal;
    final long outputTotal;
    final int inputOffset;
    final int indicesOffset;
    final int outputOffset;
    final byte[] input;
    final byte[] indices;
    final byte[] outputPattern;
    final boolean bigEndianViews;
    final boolean direct;

    GatherCase(long seed, int maxElements, int maxSize) {
        this.seed = seed;
        Random r = new Random(seed);
        dataType = DATA_TYPES[r.nextInt(DATA_TYPES.length)];
        indexType = INDEX_TYPES[r.nextInt(INDEX_TYPES.length)];
        int rank = 1 + r.nextInt(8);
        axis = r.nextInt(rank);
        inputSizes = new long[rank];
        indicesSizes = new long[rank];
        long count = 1;
        for (int d = 0; d < rank; d++) {
            long size = count * maxSize > maxElements ? 1 : 1 + r.nextInt(r.nextInt(4) == 0 ? maxSize + 2 : maxSize);
            inputSizes[d] = size;
            indicesSizes[d] = size;
            count *= size;
        }
        inputSizes[axis] = 1 + r.nextInt(r.nextInt(3) == 0 ? 6 : 3);
        indicesSizes[axis] = 1 + r.nextInt(4);
        inputStridesOrNull = strides(r, inputSizes, true);
        indicesStridesOrNull = strides(r, indicesSizes, true);
        outputStridesOrNull = strides(r, indicesSizes, false);
        int es = dataType.sizeInBytes();
        int xs = indexType.sizeInBytes();
        inputTotal = total(r, inputSizes, inputStridesOrNull, es);
        indicesTotal = total(r, indicesSizes, indicesStridesOrNull, xs);
        outputTotal = total(r, indicesSizes, outputStridesOrNull, es);
        inputOffset = r.nextInt(3) * 8 + (r.nextBoolean() ? 0 : r.nextInt(5));
        indicesOffset = r.nextInt(3) * 8;
        outputOffset = r.nextInt(3) * 8 + (r.nextBoolean() ? 0 : r.nextInt(5));
        // Whole elements past the end so that a partial last element exists physically.
        input = new byte[(int) (inputOffset + roundUp(inputTotal, 8) + r.nextInt(9))];
        r.nextBytes(input);
        indices = new byte[(int) (indicesOffset + indicesTotal + r.nextInt(9))];
        r.nextBytes(indices);
        long axisSize = inputSizes[axis];
        long[] istrides = indicesStrides();
        long indexCount = Arrays.stream(indicesSizes).reduce(1, (a, b) -> a * b);
        for (long e = 0; e < indexCount; e++) {
            long pos = 0;
            long rest = e;
            for (int d = rank - 1; d >= 0; d--) {
                pos += (rest % indicesSizes[d]) * istrides[d];
                rest /= indicesSizes[d];
            }
            long value = indexValue(r, axisSize);
            for (int k = 0; k < xs; k++) {
                indices[(int) (indicesOffset + pos * xs + k)] = (byte) (value >>> (8 * k));
            }
        }
        outputPattern = new byte[(int) (outputOffset + outputTotal + r.nextInt(9))];
        r.nextBytes(outputPattern);
        bigEndianViews = r.nextBoolean();
        direct = r.nextInt(4) == 0;
    }

    private static long indexValue(Random r, long axisSize) {
        int kind = r.nextInt(20);
        if (kind < 11) {
            return (long) (r.nextDouble() * axisSize);
        }
        if (kind < 14) {
            return -1 - (long) (r.nextDouble() * axisSize); // negative, in range for signed types
        }
        if (kind < 16) {
            return r.nextBoolean() ? axisSize + r.nextInt(4) : -axisSize - 1 - r.nextInt(4);
        }
        if (kind < 19) {
            long[] huge = {Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL, 1L << 32, (1L << 32) + 1,
                (1L << 32) - axisSize, -(1L << 32), Long.MAX_VALUE, Long.MIN_VALUE, -1L, 1431655765L,
                2863311531L, (1L << 31) + 1};
            return huge[r.nextInt(huge.length)];
        }
        return r.nextLong();
    }

    /** Absent, padded, transposed or broadcast strides (zero only where allowed). */
    private static long[] strides(Random r, long[] sizes, boolean allowZero) {
        int rank = sizes.length;
        int kind = r.nextInt(5);
        if (kind == 0) {
            return null;
        }
        Integer[] order = new Integer[rank]; // innermost last
        for (int d = 0; d < rank; d++) {
            order[d] = d;
        }
        if (kind == 2) {
            List<Integer> shuffled = new ArrayList<>(Arrays.asList(order));
            java.util.Collections.shuffle(shuffled, r);
            order = shuffled.toArray(new Integer[0]);
        }
        long[] strides = new long[rank];
        long next = 1;
        for (int i = rank - 1; i >= 0; i--) {
            int d = order[i];
            strides[d] = next * (kind >= 3 && r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 1);
            next = strides[d] * sizes[d] + (kind >= 3 && r.nextBoolean() ? r.nextInt(3) : 0);
        }
        for (int d = 0; d < rank; d++) {
            if (allowZero && kind == 4 && r.nextInt(3) == 0) {
                strides[d] = 0;
            }
            if (sizes[d] == 1 && r.nextInt(4) == 0) {
                strides[d] = r.nextBoolean() ? 0 : (1L << 31) + r.nextInt(100); // never multiplied by a non-zero
            }
        }
        return strides;
    }

    private static long total(Random r, long[] sizes, long[] stridesOrNull, int es) {
        long last = 0;
        long[] strides = stridesOrNull != null ? stridesOrNull : packed(sizes);
        for (int d = 0; d < sizes.length; d++) {
            last += (sizes[d] - 1) * strides[d];
        }
        long minimum = roundUp((last + 1) * es, 4);
        return minimum + (r.nextBoolean() ? 0 : r.nextInt(3) * es + r.nextInt(4));
    }

    static long[] packed(long[] sizes) {
        long[] strides = new long[sizes.length];
        long next = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            strides[d] = next;
            next *= sizes[d];
        }
        return strides;
    }

    private static long roundUp(long value, long multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }

    long[] inputStrides() {
        return inputStridesOrNull != null ? inputStridesOrNull : packed(inputSizes);
    }

    long[] indicesStrides() {
        return indicesStridesOrNull != null ? indicesStridesOrNull : packed(indicesSizes);
    }

    long[] outputStrides() {
        return outputStridesOrNull != null ? outputStridesOrNull : packed(indicesSizes);
    }

    /** The same case (shape, indices, buffer layout) with the input bytes and the output pattern reversed. */
    GatherCase withInputAndPatternReversed() {
        return new GatherCase(this, reversed(input), reversed(outputPattern));
    }

    private GatherCase(GatherCase base, byte[] input, byte[] outputPattern) {
        this.seed = base.seed;
        this.dataType = base.dataType;
        this.indexType = base.indexType;
        this.axis = base.axis;
        this.inputSizes = base.inputSizes;
        this.indicesSizes = base.indicesSizes;
        this.inputStridesOrNull = base.inputStridesOrNull;
        this.indicesStridesOrNull = base.indicesStridesOrNull;
        this.outputStridesOrNull = base.outputStridesOrNull;
        this.inputTotal = base.inputTotal;
        this.indicesTotal = base.indicesTotal;
        this.outputTotal = base.outputTotal;
        this.inputOffset = base.inputOffset;
        this.indicesOffset = base.indicesOffset;
        this.outputOffset = base.outputOffset;
        this.input = input;
        this.indices = base.indices;
        this.outputPattern = outputPattern;
        this.bigEndianViews = base.bigEndianViews;
        this.direct = base.direct;
    }

    private static byte[] reversed(byte[] bytes) {
        byte[] copy = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            copy[i] = bytes[bytes.length - 1 - i];
        }
        return copy;
    }

    GatherElementsOperatorDesc desc() {
        return new GatherElementsOperatorDesc(tensor(dataType, inputSizes, inputStridesOrNull, inputTotal),
                tensor(indexType, indicesSizes, indicesStridesOrNull, indicesTotal),
                tensor(dataType, indicesSizes, outputStridesOrNull, outputTotal), axis);
    }

    private static BufferTensorDesc tensor(TensorDataType type, long[] sizes, long[] strides, long total) {
        return new BufferTensorDesc(type, TensorFlags.NONE, sizes.length, Arrays.stream(sizes).boxed().toList(),
                Optional.ofNullable(strides).map(s -> Arrays.stream(s).boxed().toList()), total, 0);
    }

    @Override
    public String toString() {
        return "GatherCase[seed=" + seed + ", " + dataType + "/" + indexType + ", axis " + axis + ", input "
                + Arrays.toString(inputSizes) + " strides " + Arrays.toString(inputStridesOrNull) + " total "
                + inputTotal + ", indices " + Arrays.toString(indicesSizes) + " strides "
                + Arrays.toString(indicesStridesOrNull) + ", output strides " + Arrays.toString(outputStridesOrNull)
                + "]";
    }
}

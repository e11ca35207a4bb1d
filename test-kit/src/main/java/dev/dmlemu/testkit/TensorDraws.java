package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import java.util.Optional;
import java.util.Random;
import java.util.function.LongUnaryOperator;

/**
 * The draws every generator makes for one tensor once its sizes are known: strides, TotalTensorSizeInBytes, and the
 * array the tensor sits in. Shared by the kit's generators so that every operator's cases lay tensors out alike.
 */
final class TensorDraws {

    /** Which tensor is drawn: the output never broadcasts, and each sits apart under OFFSET_WITH_SLACK. */
    enum Role {
        /** Off its element size; whole elements after it, so that a partial last element exists physically. */
        INPUT,
        /** At a multiple of 8. */
        INDICES,
        /** Off its element size; no zero strides on dimensions of size > 1 (DirectML's aliasing check). */
        OUTPUT
    }

    /** The three tensors of a gather case. */
    record GatherTensors(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc output) {}

    private TensorDraws() {}

    /**
     * A gather case's three tensors, drawn in the same order for every operator: the input's, the indices' and the
     * output's strides, then the three tensors. The output takes the data type.
     */
    static GatherTensors gatherTensors(Random r, TensorDataType dataType, TensorDataType indexType,
            long[] inputSizes, long[] indicesSizes, long[] outputSizes, Layout layout) {
        long[] inputStrides = strides(r, inputSizes, Role.INPUT, layout);
        long[] indicesStrides = strides(r, indicesSizes, Role.INDICES, layout);
        long[] outputStrides = strides(r, outputSizes, Role.OUTPUT, layout);
        BufferTensorDesc in = tensor(r, dataType, inputSizes, inputStrides, layout);
        BufferTensorDesc idx = tensor(r, indexType, indicesSizes, indicesStrides, layout);
        BufferTensorDesc out = tensor(r, dataType, outputSizes, outputStrides, layout);
        return new GatherTensors(in, idx, out);
    }

    /**
     * Writes {@code valueOf(e)} as index element {@code e}, for every element in row-major order, where the indices'
     * strides place it; bytes the strides skip keep their values.
     */
    static void writeIndices(BufferTensorDesc tensor, TensorBytes indices, LongUnaryOperator valueOf) {
        long[] sizes = Shapes.toArray(tensor.sizes());
        long[] strides = tensor.strides().map(Shapes::toArray).orElseGet(() -> Shapes.packedStrides(sizes));
        int width = tensor.dataType().sizeInBytes();
        long count = Shapes.product(sizes);
        for (long e = 0; e < count; e++) {
            long value = valueOf.applyAsLong(e);
            long at = indices.offset() + Shapes.offset(Shapes.coordinate(e, sizes), strides) * width;
            LittleEndian.put(indices.bytes(), Math.toIntExact(at), width, value);
        }
    }

    /** Null for absent strides; otherwise padded, transposed or (not for the output) broadcast. */
    static long[] strides(Random r, long[] sizes, Role role, Layout layout) {
        if (layout == Layout.PACKED) {
            return null;
        }
        int rank = sizes.length;
        int kind = r.nextInt(5); // 0 absent, 1 packed, 2 transposed, 3 padded, 4 padded with broadcasts
        if (kind == 0) {
            return null;
        }
        int[] order = new int[rank]; // order[rank - 1] is the innermost dimension
        for (int d = 0; d < rank; d++) {
            order[d] = d;
        }
        if (kind == 2) {
            shuffle(r, order);
        }
        long[] strides = new long[rank];
        long next = 1;
        for (int i = rank - 1; i >= 0; i--) {
            int d = order[i];
            strides[d] = next * (kind >= 3 && r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 1);
            next = strides[d] * sizes[d] + (kind >= 3 && r.nextBoolean() ? r.nextInt(3) : 0);
        }
        for (int d = 0; d < rank; d++) {
            if (role != Role.OUTPUT && kind == 4 && r.nextInt(3) == 0) {
                strides[d] = 0;
            }
            if (sizes[d] == 1 && r.nextInt(4) == 0) {
                // Allowed on any tensor (an output's aliasing check skips size-1 dimensions). Only ever times 0,
                // except on a GATHER's size-1 axis, where DirectML multiplies it by the index (wrapping at 2^32).
                strides[d] = r.nextBoolean() ? 0 : (1L << 31) + r.nextInt(100);
            }
        }
        return strides;
    }

    /** The packed strides of {@code sizes} with the dimensions in a random order in memory. */
    static long[] transposedStrides(Random r, long[] sizes) {
        int[] order = new int[sizes.length]; // order[rank - 1] is the innermost dimension
        for (int d = 0; d < order.length; d++) {
            order[d] = d;
        }
        shuffle(r, order);
        long[] strides = new long[sizes.length];
        long next = 1;
        for (int i = order.length - 1; i >= 0; i--) {
            strides[order[i]] = next;
            next *= sizes[order[i]];
        }
        return strides;
    }

    private static void shuffle(Random r, int[] order) {
        for (int i = order.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }

    /** TotalTensorSizeInBytes: DMLCalcBufferTensorSize, when strided half the time plus a few elements and bytes. */
    static BufferTensorDesc tensor(Random r, TensorDataType type, long[] sizes, long[] stridesOrNull, Layout layout) {
        long[] strides = stridesOrNull != null ? stridesOrNull : Shapes.packedStrides(sizes);
        int es = type.sizeInBytes();
        long minimum = roundUp(Shapes.elementsSpanned(sizes, strides) * es, 4);
        boolean padded = layout == Layout.STRIDED && !r.nextBoolean();
        long total = minimum + (padded ? r.nextInt(3) * es + r.nextInt(4) : 0);
        return new BufferTensorDesc(type, TensorFlags.NONE, sizes.length, Shapes.toList(sizes),
                Optional.ofNullable(stridesOrNull).map(Shapes::toList), total, 0);
    }

    /** The tensor's array, filled with random bytes (and finite floats where the options want them). */
    static TensorBytes place(Random r, BufferTensorDesc tensor, Role role, Placement placement,
            ElementValues elementValues) {
        long total = tensor.totalTensorSizeInBytes();
        int offset = 0;
        long length = total;
        if (placement == Placement.OFFSET_WITH_SLACK) {
            offset = r.nextInt(3) * 8 + (role == Role.INDICES || r.nextBoolean() ? 0 : r.nextInt(5));
            length = offset + (role == Role.INPUT ? roundUp(total, 8) : total) + r.nextInt(9);
        }
        byte[] bytes = new byte[Math.toIntExact(length)];
        r.nextBytes(bytes);
        TensorBytes placed = new TensorBytes(bytes, offset);
        if (elementValues == ElementValues.FINITE) {
            FiniteValues.fill(r, tensor.dataType(), placed);
        }
        return placed;
    }

    /** Packed, or with every stride doubled (padding between the elements) one time in four. */
    static BufferTensorDesc packedOrPadded(Random r, TensorDataType type, long[] sizes) {
        if (r.nextInt(4) > 0) {
            return BufferTensorDesc.packed(type, sizes);
        }
        long[] strides = Shapes.packedStrides(sizes);
        for (int d = 0; d < strides.length; d++) {
            strides[d] *= 2;
        }
        return BufferTensorDesc.strided(type, Shapes.toList(sizes), Shapes.toList(strides));
    }

    static long roundUp(long value, long multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }
}

package dev.dmlemu.conformance;

import dev.dmlemu.desc.TensorDataType;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The random draws every gather and scatter agreement generator makes the same way: the start of a valid draft (types, input
 * sizes, Axis, which tensors get Strides) and the changes that mean the same for each operator (types, Axis, byte
 * totals, strides, rank). Each change returns the draft it changed. Draws come from the generator's own random
 * source, so a seed gives the same cases whichever helper draws them.
 */
final class GatherDraftChanges {

    /** Data types the device supports, so that only operator rules decide. */
    static final List<TensorDataType> DATA_TYPES = DllOutputs.DEVICE_DATA_TYPES;
    static final List<TensorDataType> INDEX_TYPES = List.of(TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);
    static final List<TensorDataType> BAD_INDEX_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64,
            TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.UINT4, TensorDataType.INT4);

    private final SplittableRandom random;
    private final GeneratedStrides strides;

    GatherDraftChanges(SplittableRandom random, GeneratedStrides strides) {
        this.random = random;
        this.strides = strides;
    }

    /** Rank 1 to 8, supported data and index types, input sizes 1 to 3 (sometimes 5), Axis anywhere. */
    <B extends GatherDescDraft<?>> B startValid(B b) {
        int rank = 1 + random.nextInt(8);
        b.dataType(pick(DATA_TYPES)).indexType(pick(INDEX_TYPES));
        b.input = new long[rank];
        for (int i = 0; i < rank; i++) {
            b.input[i] = 1 + random.nextInt(random.nextInt(4) == 0 ? 5 : 3);
        }
        b.axis = random.nextInt(rank);
        return b;
    }

    /** Strides on about a third of the tensors: explicit packed, padded, broadcast or permuted. */
    <B extends GatherDescDraft<?>> B stridesOnAboutAThird(B b) {
        for (int t = 0; t < b.tensorCount(); t++) {
            b.stridesFor[t] = random.nextInt(3) == 0;
        }
        return b;
    }

    <B extends GatherDescDraft<?>> B indexTypeNotInteger(B b) {
        b.indexType = pick(BAD_INDEX_TYPES);
        return b;
    }

    /** Axis 2^32 - 1 or just past the rank. */
    <B extends GatherDescDraft<?>> B axisOutOfRange(B b) {
        b.axis = random.nextInt(4) == 0 ? 0xFFFF_FFFFL : b.rank() + random.nextInt(3);
        return b;
    }

    <B extends GatherDescDraft<?>> B outputTypeMismatch(B b) {
        b.outputType = otherDataType(b.dataType);
        return b;
    }

    /** Scatters: the updates of another supported type than the input's. */
    <B extends GatherDescDraft<?>> B updatesTypeMismatch(B b) {
        b.updatesType = otherDataType(b.dataType);
        return b;
    }

    private TensorDataType otherDataType(TensorDataType type) {
        TensorDataType other;
        do {
            other = pick(DATA_TYPES);
        } while (other == type);
        return other;
    }

    /** Input and output of a 4-bit data type (UINT4 or INT4), which no gather or scatter takes. */
    <B extends GatherDescDraft<?>> B dataType4Bit(B b) {
        b.dataType(random.nextBoolean() ? TensorDataType.UINT4 : TensorDataType.INT4);
        return b;
    }

    /** One size 0 anywhere in one tensor, drawn uniformly from input, indices, output and (scatters) updates. */
    <B extends GatherDescDraft<?>> B zeroSize(B b) {
        List<long[]> tensors = b.updates == null ? List.of(b.input, b.indices, b.output)
                : List.of(b.input, b.indices, b.output, b.updates);
        long[] target = tensors.get(random.nextInt(tensors.size()));
        target[random.nextInt(target.length)] = 0;
        return b;
    }

    /** Every tensor of rank 0, Axis 0. */
    <B extends GatherDescDraft<?>> B rank0(B b) {
        b.input = new long[0];
        b.indices = new long[0];
        b.output = new long[0];
        if (b.updates != null) {
            b.updates = new long[0];
        }
        b.axis = 0;
        return b;
    }

    /** One tensor's TotalTensorSizeInBytes 1 or 4 bytes short. */
    <B extends GatherDescDraft<?>> B totalTooSmall(B b) {
        b.totalDelta[random.nextInt(b.tensorCount())] = random.nextBoolean() ? -1 : -4;
        return b;
    }

    /** One tensor's TotalTensorSizeInBytes 1 to 3 bytes over. */
    <B extends GatherDescDraft<?>> B totalUnalignedButEnough(B b) {
        b.totalDelta[random.nextInt(b.tensorCount())] = 1 + random.nextInt(3);
        return b;
    }

    /** Every TotalTensorSizeInBytes a multiple of 4 bytes over. */
    <B extends GatherDescDraft<?>> B totalLarger(B b) {
        for (int t = 0; t < b.tensorCount(); t++) {
            b.totalDelta[t] = 4L * random.nextInt(1, 64);
        }
        return b;
    }

    /** Packed output strides with one or two of them 0. */
    <B extends GatherDescDraft<?>> B outputBroadcastStride(B b) {
        b.tensorStrides[2] = strides.broadcast(b.output);
        return b;
    }

    <B extends GatherDescDraft<?>> B allStrided(B b) {
        b.tensorStrides[0] = strides.any(b.input);
        b.tensorStrides[1] = strides.any(b.indices);
        b.tensorStrides[2] = strides.any(b.output);
        if (b.updates != null) {
            b.tensorStrides[3] = strides.any(b.updates);
        }
        return b;
    }

    /** Output strides 0 to 8 each, whatever they overlap. */
    <B extends GatherDescDraft<?>> B outputRandomStrides(B b) {
        long[] values = new long[b.output.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(9);
        }
        b.tensorStrides[2] = GeneratedStrides.boxed(values);
        return b;
    }

    /** Output size {@code dim} one smaller (when above 1, half the time) or one larger. */
    <B extends GatherDescDraft<?>> B outputSizeOffByOne(B b, int dim) {
        offByOne(b.output, dim);
        return b;
    }

    /** Size {@code dim} one smaller (when above 1, half the time) or one larger, in place. */
    void offByOne(long[] sizes, int dim) {
        sizes[dim] += sizes[dim] > 1 && random.nextBoolean() ? -1 : 1;
    }

    /** The first two output sizes that differ, swapped; see {@link #distinctPair}. */
    <B extends GatherDescDraft<?>> B outputTransposed(B b) {
        transpose(b.output);
        return b;
    }

    /** The first two sizes that differ, swapped in place; see {@link #distinctPair}. */
    static void transpose(long[] sizes) {
        int[] pair = distinctPair(sizes);
        long swap = sizes[pair[0]];
        sizes[pair[0]] = sizes[pair[1]];
        sizes[pair[1]] = swap;
    }

    /** The output with one dimension more or one less ({@link #reshaped}). */
    <B extends GatherDescDraft<?>> B outputReshaped(B b) {
        b.output = reshaped(b.output);
        return b;
    }

    /** The indices with one dimension more or one less ({@link #reshaped}). */
    <B extends GatherDescDraft<?>> B indicesReshaped(B b) {
        b.indices = reshaped(b.indices);
        return b;
    }

    /** Drafts from {@code draw} until one is {@code wanted}. */
    static <B> B drawUntil(Supplier<B> draw, Predicate<B> wanted) {
        B b;
        do {
            b = draw.get();
        } while (!wanted.test(b));
        return b;
    }

    /** Two dimensions of different sizes, or null. */
    static int[] distinctPair(long[] sizes) {
        for (int i = 0; i < sizes.length; i++) {
            for (int j = i + 1; j < sizes.length; j++) {
                if (sizes[i] != sizes[j]) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    /** One dimension more (a leading 1) or one less (the first dropped). */
    long[] reshaped(long[] sizes) {
        if (sizes.length < 8 && (sizes.length == 1 || random.nextBoolean())) {
            long[] out = new long[sizes.length + 1];
            out[0] = 1;
            System.arraycopy(sizes, 0, out, 1, sizes.length);
            return out;
        }
        return Arrays.copyOfRange(sizes, 1, sizes.length);
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}

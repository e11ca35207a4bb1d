package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Seeded GatherElements descs, valid and invalid, covering every rule the real-DirectML harness can express. Each
 * case carries the kind of change that made it, for the report; whether it is valid is for the DLL to say.
 *
 * <p>Not expressible through the harness, so left out: tensor Flags, GuaranteedBaseOffsetAlignment, DimensionCount
 * other than len(Sizes), Strides of another length than Sizes, DimensionCount 9 or more (the harness reads at most 8
 * sizes), UINT values of 2^32 or more (the harness parses them with a 32-bit strtoul, which saturates), a negative
 * TotalTensorSizeInBytes, TotalTensorSizeInBytes 0 (the harness reads 0 as "compute it"), a tensor Type other than
 * BUFFER, and FLOAT16/INT16/UINT16 (this device reports them unsupported, a device property).
 */
final class AgreementCases {

    /** One generated desc and the change that produced it. */
    record Case(String name, String kind, GatherElementsOperatorDesc desc) {}

    /** Data types the device supports, so that only operator rules decide. */
    static final List<TensorDataType> DATA_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64,
            TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);
    static final List<TensorDataType> INDEX_TYPES = List.of(TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);
    static final List<TensorDataType> BAD_INDEX_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64,
            TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.UINT4, TensorDataType.INT4);

    private final SplittableRandom random;
    private final GeneratedStrides strides;
    private final List<Case> cases = new ArrayList<>();

    private AgreementCases(long seed) {
        this.random = new SplittableRandom(seed);
        this.strides = new GeneratedStrides(random);
    }

    static List<Case> generate(long seed) {
        AgreementCases generator = new AgreementCases(seed);
        generator.generateAll();
        return List.copyOf(generator.cases);
    }

    private void generateAll() {
        repeat(120, "valid_random", () -> base().build());
        repeat(24, "index_type_not_integer", () -> base().indexType(pick(BAD_INDEX_TYPES)).build());
        repeat(8, "data_type_4bit", () -> {
            TensorDataType type = random.nextBoolean() ? TensorDataType.UINT4 : TensorDataType.INT4;
            return base().dataType(type).build();
        });
        repeat(20, "axis_out_of_range", () -> {
            Builder b = base();
            b.axis = random.nextInt(4) == 0 ? 0xFFFF_FFFFL : b.rank() + random.nextInt(3);
            return b.build();
        });
        repeat(20, "indices_nonaxis_smaller", () -> {
            Builder b = baseWithRankAtLeast(2);
            int dim = otherDim(b);
            b.input[dim] = Math.max(2, b.input[dim]);
            b.indices[dim] = b.input[dim] - 1 - random.nextInt((int) b.input[dim] - 1);
            b.output = b.indices.clone();
            return b.build();
        });
        repeat(20, "indices_nonaxis_larger", () -> {
            Builder b = baseWithRankAtLeast(2);
            int dim = otherDim(b);
            b.indices[dim] = b.input[dim] + 1 + random.nextInt(2);
            b.output = b.indices.clone();
            return b.build();
        });
        repeat(12, "indices_axis_size_differs", () -> {
            Builder b = base();
            b.indices[b.axis()] = b.input[b.axis()] + 1 + random.nextInt(3);
            b.output = b.indices.clone();
            return b.build();
        });
        repeat(16, "output_sizes_mismatch", () -> {
            Builder b = base();
            int dim = random.nextInt(b.rank());
            b.output[dim] = b.output[dim] + (b.output[dim] > 1 && random.nextBoolean() ? -1 : 1);
            return b.build();
        });
        repeat(16, "output_type_mismatch", () -> {
            Builder b = base();
            TensorDataType other;
            do {
                other = pick(DATA_TYPES);
            } while (other == b.dataType);
            b.outputType = other;
            return b.build();
        });
        repeat(16, "rank_mismatch", () -> {
            Builder b = base();
            boolean onIndices = random.nextBoolean();
            long[] changed = onIndices ? b.indices : b.output;
            long[] reshaped = changed.length < 8 && (changed.length == 1 || random.nextBoolean())
                    ? prependOne(changed) : Arrays.copyOfRange(changed, 1, changed.length);
            if (onIndices) {
                b.indices = reshaped;
                b.output = reshaped.clone();
            } else {
                b.output = reshaped;
            }
            return b.build();
        });
        repeat(2, "rank_0", () -> {
            Builder b = base();
            b.input = new long[0];
            b.indices = new long[0];
            b.output = new long[0];
            b.axis = 0;
            return b.build();
        });
        repeat(16, "zero_size", () -> {
            Builder b = base();
            int which = random.nextInt(3);
            long[] target = which == 0 ? b.input : which == 1 ? b.indices : b.output;
            target[random.nextInt(target.length)] = 0;
            if (which == 1 && random.nextBoolean()) {
                b.output = b.indices.clone();
            }
            return b.build();
        });
        repeat(24, "total_too_small", () -> {
            Builder b = base();
            b.totalDelta[random.nextInt(3)] = random.nextBoolean() ? -1 : -4;
            return b.build();
        });
        repeat(16, "total_unaligned_but_enough", () -> {
            Builder b = base();
            b.totalDelta[random.nextInt(3)] = 1 + random.nextInt(3);
            return b.build();
        });
        repeat(8, "total_larger", () -> {
            Builder b = base();
            for (int t = 0; t < 3; t++) {
                b.totalDelta[t] = 4L * random.nextInt(1, 64);
            }
            return b.build();
        });
        repeat(12, "output_broadcast_stride", () -> {
            Builder b = base();
            b.tensorStrides[2] = strides.broadcast(b.output);
            return b.build();
        });
        repeat(12, "all_strided", () -> {
            Builder b = base();
            b.tensorStrides[0] = strides.any(b.input);
            b.tensorStrides[1] = strides.any(b.indices);
            b.tensorStrides[2] = strides.any(b.output);
            return b.build();
        });
        repeat(48, "output_random_strides", () -> {
            Builder b = base();
            long[] values = new long[b.output.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextInt(9);
            }
            b.tensorStrides[2] = GeneratedStrides.boxed(values);
            return b.build();
        });
        bigCases();
    }

    /** Element counts around 2^32 - 1 (create only: no buffer of that size is allocated). */
    private void bigCases() {
        long max = BufferTensorMath.MAX_ELEMENT_COUNT;
        add("element_count_max_1d", big(new long[] {max}, new long[] {1}, 0));
        add("element_count_over_2d", big(new long[] {65536, 65536}, new long[] {65536, 1}, 1));
        add("element_count_over_1d_indices", big(new long[] {2}, new long[] {max}, 0));
        add("element_count_max_2d", big(new long[] {65535, 65537}, new long[] {65535, 1}, 1));
        add("element_count_over_3d", big(new long[] {2, 2, 1L << 30}, new long[] {2, 2, 1}, 2));
        add("size_uint_max_axis", big(new long[] {3, max}, new long[] {3, 2}, 1));
        // product(Sizes) above 2^32 - 1 while broadcasting keeps the buffer small.
        add("element_count_over_broadcast", broadcastBig(new long[] {65536, 65536}));
        add("element_count_max_broadcast", broadcastBig(new long[] {65535, 65537}));
        add("element_count_over_broadcast_b", broadcastBig(new long[] {2, 1L << 31}));
        // TotalTensorSizeInBytes at and past (2^32 - 1) elements of the tensor's type.
        long[] totals = {4 * max, 4 * max + 1, 4 * max + 4};
        for (int i = 0; i < totals.length; i++) {
            add("total_elements_float32_input_" + i, withTotal(TensorDataType.FLOAT32, 0, totals[i]));
            add("total_elements_uint32_indices_" + i, withTotal(TensorDataType.FLOAT32, 1, totals[i]));
            add("total_elements_float32_output_" + i, withTotal(TensorDataType.FLOAT32, 2, totals[i]));
        }
        add("total_elements_uint8_input_max", withTotal(TensorDataType.UINT8, 0, max));
        add("total_elements_uint8_input_over", withTotal(TensorDataType.UINT8, 0, max + 1));
        add("total_elements_int64_input_max", withTotal(TensorDataType.INT64, 0, 8 * max));
        add("total_elements_int64_input_over", withTotal(TensorDataType.INT64, 0, 8 * max + 7));
    }

    private GatherElementsOperatorDesc broadcastBig(long[] inputSizes) {
        Builder b = new Builder();
        b.dataType(TensorDataType.UINT8).indexType(TensorDataType.UINT32);
        b.input = inputSizes;
        b.tensorStrides[0] = List.of(0L, 1L);
        b.indices = new long[] {inputSizes[0], 1};
        b.output = b.indices.clone();
        b.axis = 1;
        return b.build();
    }

    /** A small 1-D case whose tensor {@code which} (0 input, 1 indices, 2 output) declares {@code total} bytes. */
    private GatherElementsOperatorDesc withTotal(TensorDataType dataType, int which, long total) {
        Builder b = new Builder();
        b.dataType(dataType).indexType(TensorDataType.UINT32);
        b.input = new long[] {4};
        b.indices = new long[] {1};
        b.output = new long[] {1};
        b.axis = 0;
        b.totalOverride[which] = total;
        return b.build();
    }

    private GatherElementsOperatorDesc big(long[] input, long[] indices, long axis) {
        Builder b = new Builder();
        b.dataType = TensorDataType.UINT8;
        b.outputType = b.dataType;
        b.indexType = TensorDataType.UINT32;
        b.input = input;
        b.indices = indices;
        b.output = indices.clone();
        b.axis = axis;
        return b.build();
    }

    private void repeat(int count, String kind, java.util.function.Supplier<GatherElementsOperatorDesc> make) {
        for (int i = 0; i < count; i++) {
            add(kind + "_" + i, make.get());
        }
    }

    private void add(String name, GatherElementsOperatorDesc desc) {
        String kind = name.replaceAll("_[0-9]+$", "");
        cases.add(new Case(name, kind, desc));
    }

    private Builder base() {
        Builder b = new Builder();
        int rank = 1 + random.nextInt(8);
        b.dataType = pick(DATA_TYPES);
        b.outputType = b.dataType;
        b.indexType = pick(INDEX_TYPES);
        b.input = new long[rank];
        for (int i = 0; i < rank; i++) {
            b.input[i] = 1 + random.nextInt(random.nextInt(4) == 0 ? 5 : 3);
        }
        b.axis = random.nextInt(rank);
        b.indices = b.input.clone();
        b.indices[(int) b.axis] = 1 + random.nextInt(4);
        b.output = b.indices.clone();
        // Strides on about a third of the tensors: explicit packed, padded, broadcast or permuted.
        for (int t = 0; t < 3; t++) {
            if (random.nextInt(3) == 0) {
                b.stridesFor[t] = true;
            }
        }
        return b;
    }

    private Builder baseWithRankAtLeast(int minRank) {
        Builder b;
        do {
            b = base();
        } while (b.rank() < minRank);
        return b;
    }

    private int otherDim(Builder b) {
        int dim;
        do {
            dim = random.nextInt(b.rank());
        } while (dim == b.axis());
        return dim;
    }

    private static long[] prependOne(long[] sizes) {
        long[] out = new long[sizes.length + 1];
        out[0] = 1;
        System.arraycopy(sizes, 0, out, 1, sizes.length);
        return out;
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** A mutable draft of one case; {@link #build()} computes each TotalTensorSizeInBytes plus its delta. */
    private final class Builder {
        TensorDataType dataType;
        TensorDataType outputType;
        TensorDataType indexType;
        long[] input;
        long[] indices;
        long[] output;
        long axis;
        final boolean[] stridesFor = new boolean[3];
        @SuppressWarnings("unchecked")
        final List<Long>[] tensorStrides = new List[3];
        final long[] totalDelta = new long[3];
        final long[] totalOverride = new long[3];

        int rank() {
            return input.length;
        }

        int axis() {
            return (int) axis;
        }

        Builder dataType(TensorDataType type) {
            dataType = type;
            outputType = type;
            return this;
        }

        Builder indexType(TensorDataType type) {
            indexType = type;
            return this;
        }

        GatherElementsOperatorDesc build() {
            return new GatherElementsOperatorDesc(tensor(0, dataType, input), tensor(1, indexType, indices),
                    tensor(2, outputType, output), axis);
        }

        private BufferTensorDesc tensor(int which, TensorDataType type, long[] sizes) {
            Optional<List<Long>> given = Optional.ofNullable(tensorStrides[which]);
            if (given.isEmpty() && stridesFor[which] && sizes.length > 0) {
                given = Optional.of(strides.any(sizes));
            }
            List<Long> sizeList = GeneratedStrides.boxed(sizes);
            long total = totalOverride[which] > 0 ? totalOverride[which]
                    : Math.max(1, BufferTensorMath.calcBufferTensorSize(type, sizeList, given)
                            + totalDelta[which]);
            return new BufferTensorDesc(type, TensorFlags.NONE, sizes.length, sizeList, given, total, 0);
        }
    }
}

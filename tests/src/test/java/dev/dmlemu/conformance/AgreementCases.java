package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
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

    private final SplittableRandom random;
    private final GeneratedStrides strides;
    private final GatherDraftChanges changes;
    private final AgreementCaseList<GatherElementsOperatorDesc> cases = new AgreementCaseList<>();

    private AgreementCases(long seed) {
        this.random = new SplittableRandom(seed);
        this.strides = new GeneratedStrides(random);
        this.changes = new GatherDraftChanges(random, strides);
    }

    static List<AgreementCase<GatherElementsOperatorDesc>> generate(long seed) {
        AgreementCases generator = new AgreementCases(seed);
        generator.generateAll();
        return generator.cases.list();
    }

    private void generateAll() {
        cases.repeat(120, "valid_random", () -> base().build());
        cases.repeat(24, "index_type_not_integer", () -> changes.indexTypeNotInteger(base()).build());
        cases.repeat(8, "data_type_4bit", () -> {
            TensorDataType type = random.nextBoolean() ? TensorDataType.UINT4 : TensorDataType.INT4;
            return base().dataType(type).build();
        });
        cases.repeat(20, "axis_out_of_range", () -> changes.axisOutOfRange(base()).build());
        cases.repeat(20, "indices_nonaxis_smaller", () -> {
            Builder b = baseWithRankAtLeast(2);
            int dim = otherDim(b);
            b.input[dim] = Math.max(2, b.input[dim]);
            b.indices[dim] = b.input[dim] - 1 - random.nextInt((int) b.input[dim] - 1);
            b.output = b.indices.clone();
            return b.build();
        });
        cases.repeat(20, "indices_nonaxis_larger", () -> {
            Builder b = baseWithRankAtLeast(2);
            int dim = otherDim(b);
            b.indices[dim] = b.input[dim] + 1 + random.nextInt(2);
            b.output = b.indices.clone();
            return b.build();
        });
        cases.repeat(12, "indices_axis_size_differs", () -> {
            Builder b = base();
            b.indices[b.axis()] = b.input[b.axis()] + 1 + random.nextInt(3);
            b.output = b.indices.clone();
            return b.build();
        });
        cases.repeat(16, "output_sizes_mismatch", () -> {
            Builder b = base();
            int dim = random.nextInt(b.rank());
            b.output[dim] = b.output[dim] + (b.output[dim] > 1 && random.nextBoolean() ? -1 : 1);
            return b.build();
        });
        cases.repeat(16, "output_type_mismatch", () -> changes.outputTypeMismatch(base()).build());
        cases.repeat(16, "rank_mismatch", () -> {
            Builder b = base();
            boolean onIndices = random.nextBoolean();
            long[] reshaped = changes.reshaped(onIndices ? b.indices : b.output);
            if (onIndices) {
                b.indices = reshaped;
                b.output = reshaped.clone();
            } else {
                b.output = reshaped;
            }
            return b.build();
        });
        cases.repeat(2, "rank_0", () -> changes.rank0(base()).build());
        cases.repeat(16, "zero_size", () -> {
            Builder b = base();
            int which = random.nextInt(3);
            long[] target = which == 0 ? b.input : which == 1 ? b.indices : b.output;
            target[random.nextInt(target.length)] = 0;
            if (which == 1 && random.nextBoolean()) {
                b.output = b.indices.clone();
            }
            return b.build();
        });
        cases.repeat(24, "total_too_small", () -> changes.totalTooSmall(base()).build());
        cases.repeat(16, "total_unaligned_but_enough", () -> changes.totalUnalignedButEnough(base()).build());
        cases.repeat(8, "total_larger", () -> changes.totalLarger(base()).build());
        cases.repeat(12, "output_broadcast_stride", () -> changes.outputBroadcastStride(base()).build());
        cases.repeat(12, "all_strided", () -> changes.allStrided(base()).build());
        cases.repeat(48, "output_random_strides", () -> changes.outputRandomStrides(base()).build());
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
        b.dataType(TensorDataType.UINT8).indexType(TensorDataType.UINT32);
        b.input = input;
        b.indices = indices;
        b.output = indices.clone();
        b.axis = axis;
        return b.build();
    }

    /** A case whose kind is its name without a trailing {@code _N}. */
    private void add(String name, GatherElementsOperatorDesc desc) {
        cases.add(name, name.replaceAll("_[0-9]+$", ""), desc);
    }

    /** A valid desc: indices and output of the input's sizes but along Axis (1 to 4 there). */
    private Builder base() {
        Builder b = changes.startValid(new Builder());
        b.indices = b.input.clone();
        b.indices[b.axis()] = 1 + random.nextInt(4);
        b.output = b.indices.clone();
        return changes.stridesOnAboutAThird(b);
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

    /** A draft of one GATHER_ELEMENTS desc. */
    private final class Builder extends GatherDescDraft<GatherElementsOperatorDesc> {

        Builder() {
            super(strides);
        }

        int axis() {
            return (int) axis;
        }

        @Override
        GatherElementsOperatorDesc build() {
            return new GatherElementsOperatorDesc(inputTensor(), indicesTensor(), outputTensor(), axis);
        }
    }
}

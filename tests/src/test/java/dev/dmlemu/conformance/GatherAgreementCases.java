package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * Seeded DML_GATHER descs for the validator's agreement with the real DirectML.dll: a valid base, then one change
 * each (most of them make the desc invalid), plus the referee's named probes. Each case carries the kind of change,
 * for the report; whether it is valid is for the DLL to say.
 *
 * <p>Left out on purpose: shapes with {@code IndexDimensions - 1 > Axis} that could be accepted (they corrupt
 * DirectML's heap and can crash a later case; {@code IndexDimensions} above the rank is fine, it is refused),
 * indices with a size other than 1 before the last IndexDimensions when that is 1 or more (a known disagreement,
 * some of which end the process; pinned by their own test), IndexDimensions 0 descs that end the process
 * ({@link #endsTheProcessWithIndexDimensions0}; the others of that neighbourhood are drawn), 16-bit types (the device
 * refuses them), and everything the harness cannot express (see {@link AgreementCases}).
 */
final class GatherAgreementCases {

    private final SplittableRandom random;
    private final GeneratedStrides strides;
    private final GatherDraftChanges changes;
    private final AgreementCaseList<GatherOperatorDesc> cases = new AgreementCaseList<>();

    private GatherAgreementCases(long seed) {
        this.random = new SplittableRandom(seed);
        this.strides = new GeneratedStrides(random);
        this.changes = new GatherDraftChanges(random, strides);
    }

    static List<AgreementCase<GatherOperatorDesc>> generate(long seed) {
        GatherAgreementCases generator = new GatherAgreementCases(seed);
        generator.generateAll();
        List<AgreementCase<GatherOperatorDesc>> cases = generator.cases.list();
        cases.forEach(GatherAgreementCases::requireSafeForOneProcess);
        return cases;
    }

    /** {@code IndexDimensions - 1 > Axis} with both in range: the heap-bug shapes, one process each. */
    static boolean isHeapBugShape(GatherOperatorDesc desc) {
        long rank = ((BufferTensorDesc) desc.inputTensor()).dimensionCount();
        return desc.axis() < rank && desc.indexDimensions() <= rank && desc.indexDimensions() - 1 > desc.axis();
    }

    /**
     * With IndexDimensions 1 or more, an indices size other than 1 before the last IndexDimensions: the known
     * disagreement, where DirectML accepts some shapes, refuses others and ends the process on others.
     */
    static boolean hasIndicesSizeNot1OutsideIndexDimensions(GatherOperatorDesc desc) {
        List<Long> sizes = ((BufferTensorDesc) desc.indicesTensor()).sizes();
        if (desc.indexDimensions() == 0) {
            return false;
        }
        long outside = sizes.size() - desc.indexDimensions();
        for (int i = 0; i < outside; i++) {
            if (sizes.get(i) != 1) {
                return true;
            }
        }
        return false;
    }

    /**
     * IndexDimensions 0, Axis in range, and after their leading 1s more indices sizes than the input has after its
     * own, yet no more than Axis: measured, CreateOperator ends the process (docs/directml-behaviour.md §10.4).
     */
    static boolean endsTheProcessWithIndexDimensions0(GatherOperatorDesc desc) {
        List<Long> input = ((BufferTensorDesc) desc.inputTensor()).sizes();
        List<Long> indices = ((BufferTensorDesc) desc.indicesTensor()).sizes();
        if (desc.indexDimensions() != 0 || desc.axis() >= input.size() || indices.size() != input.size()) {
            return false;
        }
        int indicesRest = indices.size() - leadingOnes(indices);
        int inputRest = input.size() - leadingOnes(input);
        return indicesRest > 0 && indicesRest <= desc.axis() && indicesRest > inputRest;
    }

    private static int leadingOnes(List<Long> sizes) {
        int count = 0;
        while (count < sizes.size() && sizes.get(count) == 1) {
            count++;
        }
        return count;
    }

    private static void requireSafeForOneProcess(AgreementCase<GatherOperatorDesc> c) {
        if (isHeapBugShape(c.desc()) || hasIndicesSizeNot1OutsideIndexDimensions(c.desc())
                || endsTheProcessWithIndexDimensions0(c.desc())) {
            throw new IllegalStateException(c.name() + " does not belong in the shared batch: " + c.desc());
        }
    }

    private void generateAll() {
        cases.repeat(80, "valid_random", () -> base().build());
        cases.repeat(8, "index_dimensions_equal_rank", () -> {
            Builder b = base();
            b.axis = b.rank() - 1;
            b.indexDimensions = b.rank();
            Arrays.fill(b.input, 0, b.rank() - 1, 1);
            return b.fitIndices().fitOutput().build();
        });
        cases.repeat(16, "crops_size_above_1", () -> {
            Builder b = baseWithIndexDimensionsAtLeast(2);
            b.input[random.nextInt((int) b.indexDimensions - 1)] = 2 + random.nextInt(2);
            return b.fitOutput().build();
        });
        cases.repeat(10, "index_dimensions_0_output_leading_unchecked", () -> {
            Builder b = base();
            b.indexDimensions = 0;
            b.fitIndices().fitOutput();
            b.output[0] = 2 + random.nextInt(4);
            return b.build();
        });
        cases.repeat(24, "index_dimensions_0_one_index_per_element", () -> onePerElement().build());
        cases.repeat(24, "index_dimensions_0_indices_not_the_inputs", () -> GatherDraftChanges.drawUntil(
                this::indicesNotTheInputs, b -> !endsTheProcessWithIndexDimensions0(b.build())).build());
        cases.repeat(20, "index_type_not_integer", () -> changes.indexTypeNotInteger(base()).build());
        cases.repeat(6, "data_type_4bit", () -> base().dataType(random.nextBoolean() ? TensorDataType.UINT4
                : TensorDataType.INT4).build());
        cases.repeat(16, "axis_out_of_range", () -> changes.axisOutOfRange(base()).build());
        cases.repeat(16, "index_dimensions_above_rank", () -> {
            Builder b = base();
            int pick = random.nextInt(6);
            b.indexDimensions = pick == 0 ? 0xFFFF_FFFFL : pick == 1 ? 100 : b.rank() + pick - 1;
            return b.build();
        });
        cases.repeat(24, "output_size_off_by_one", () -> {
            Builder b = baseWith(x -> x.rank() > 1 || x.indexDimensions > 0);
            int dim = b.indexDimensions == 0 ? 1 + random.nextInt(b.rank() - 1) : random.nextInt(b.rank());
            return changes.outputSizeOffByOne(b, dim).build();
        });
        cases.repeat(14, "output_transposed", () -> {
            return changes.outputTransposed(baseWith(x -> GatherDraftChanges.distinctPair(x.output) != null))
                    .build();
        });
        cases.repeat(12, "output_rank_mismatch", () -> changes.outputReshaped(base()).build());
        cases.repeat(12, "indices_rank_mismatch", () -> changes.indicesReshaped(base()).build());
        cases.repeat(12, "output_type_mismatch", () -> changes.outputTypeMismatch(base()).build());
        cases.repeat(16, "zero_size", () -> {
            Builder b = base();
            // Indices only where they are indexed: a 0 among IndexDimensions 0's sizes is the excluded shape.
            int which = b.indexDimensions == 0 ? 2 * random.nextInt(2) : random.nextInt(3);
            long[] target = which == 0 ? b.input : which == 1 ? b.indices : b.output;
            int from = which == 1 ? b.rank() - (int) b.indexDimensions : 0;
            target[from + random.nextInt(target.length - from)] = 0;
            return b.build();
        });
        cases.repeat(24, "total_too_small", () -> changes.totalTooSmall(base()).build());
        cases.repeat(12, "total_unaligned_but_enough", () -> changes.totalUnalignedButEnough(base()).build());
        cases.repeat(6, "total_larger", () -> changes.totalLarger(base()).build());
        cases.repeat(10, "output_broadcast_stride", () -> changes.outputBroadcastStride(base()).build());
        cases.repeat(12, "all_strided", () -> changes.allStrided(base()).build());
        cases.repeat(30, "output_random_strides", () -> changes.outputRandomStrides(base()).build());
        cases.repeat(2, "rank_0", () -> {
            Builder b = changes.rank0(base());
            b.indexDimensions = 0;
            return b.build();
        });
        bigCases();
        probes();
    }

    /** Element counts and byte sizes around 2^32 - 1 (create only: nothing of that size is allocated). */
    private void bigCases() {
        long max = BufferTensorMath.MAX_ELEMENT_COUNT;
        // Input {n}, indices {1}, output {1}, Axis 0, IndexDimensions 1 (UINT8 data).
        big("element_count_max_1d", fixed(TensorDataType.UINT8, s(max), s(1), s(1), 0, 1));
        big("element_count_over_2d", fixed(TensorDataType.UINT8, s(65536, 65536), s(1, 1), s(65536, 1), 1, 1));
        big("element_count_max_2d", fixed(TensorDataType.UINT8, s(65535, 65537), s(1, 1), s(65535, 1), 1, 1));
        big("element_count_max_indices", fixed(TensorDataType.UINT8, s(2), s(max), s(max), 0, 1));
        // product(Sizes) above 2^32 - 1 while broadcasting keeps the buffer small.
        for (long[] sizes : new long[][] {s(65536, 65536), s(65535, 65537), s(2, 1L << 31)}) {
            Builder b = probeBuilder(sizes, s(1, 1), s(sizes[0], 1), 1, 1);
            b.dataType(TensorDataType.UINT8);
            b.tensorStrides[0] = List.of(0L, 1L);
            big("element_count_broadcast_" + sizes[0] + "x" + sizes[1], b.build());
        }
        big("size_uint_max_axis", fixed(TensorDataType.UINT8, s(3, max), s(1, 2), s(3, 2), 1, 1));
        long[] totals = {4 * max, 4 * max + 1, 4 * max + 4};
        for (int i = 0; i < totals.length; i++) {
            for (int which = 0; which < 3; which++) {
                Builder b = new Builder();
                b.dataType(TensorDataType.FLOAT32).indexType(TensorDataType.UINT32);
                b.input = s(4);
                b.indices = s(1);
                b.output = s(1);
                b.axis = 0;
                b.indexDimensions = 1;
                b.totalOverride[which] = totals[i];
                big("total_elements_float32_" + new String[] {"input", "indices", "output"}[which] + "_" + i,
                        b.build());
            }
        }
    }

    /**
     * The referee's named probes (cases/examples.txt, and the cropping and IndexDimensions 0 probes of
     * docs/directml-behaviour.md §10.3), FLOAT32 data and UINT32 indices unless named otherwise.
     */
    private void probes() {
        probe("gather_docs_ex1_1d", desc(s(4), s(5), s(5), 0, 1));
        probe("gather_docs_ex2_axis0_rows", desc(s(3, 2), s(1, 4), s(4, 2), 0, 1));
        probe("gather_docs_ex3_as_printed", desc(s(3, 2), s(1, 2), s(3, 2), 1, 2));
        probe("gather_docs_ex3_index_dims1", desc(s(3, 2), s(1, 2), s(3, 2), 1, 1));
        probe("gather_docs_ex4", desc(s(1, 3, 3), s(1, 1, 2), s(3, 1, 2), 2, 2));
        probe("gather_docs_ex5", desc(s(1, 3, 2), s(1, 2, 2), s(2, 2, 2), 1, 2));
        probe("g_idxdims0", desc(s(1, 3, 2), s(1, 1, 1), s(1, 1, 2), 1, 0));
        probe("g_idxdims0_1d_scalar", desc(s(3), s(1), s(1), 0, 0));
        probe("g_idxdims_eq_rank_fits", desc(s(1, 1, 3), s(1, 1, 2), s(1, 1, 2), 2, 3));
        probe("g_idxdims_eq_rank_1d", desc(s(3), s(2), s(2), 0, 1));
        probe("g_idxdims2_rank2_full", desc(s(1, 3), s(2, 2), s(2, 2), 1, 2));
        probe("g_idxdims_gt_rank", desc(s(1, 1, 3), s(1, 1, 2), s(1, 1, 2), 2, 4));
        probe("g_idxdims_gt_rank_1d", desc(s(3), s(2), s(2), 0, 2));
        probe("g_idxdims_100", desc(s(1, 1, 3), s(1, 1, 2), s(1, 1, 2), 2, 100));
        probe("g_idxdims_uint_max", desc(s(3, 2), s(1, 4), s(4, 2), 0, 0xFFFF_FFFFL));
        probe("k0_out_leading2", desc(s(5), s(1), s(2), 0, 0));
        probe("k0_out_leading2_2d", desc(s(7, 2), s(1, 1), s(3, 7), 1, 0));
        probe("k0_out_leading5_axis0", desc(s(2, 7), s(1, 1), s(5, 7), 0, 0));
        probe("k0_out_leading3_3d", desc(s(2, 3, 4), s(1, 1, 1), s(3, 2, 4), 1, 0));
        probe("k0_out_dim1_wrong_3d", desc(s(2, 3, 4), s(1, 1, 1), s(1, 3, 4), 1, 0));
        probe("k1_in3_out_leading_bigger", desc(s(1, 3), s(1, 2), s(2, 2), 1, 1));
        probe("g_out_transposed_same_count", desc(s(3, 2), s(1, 4), s(2, 4), 0, 1));
        probe("g_out_bigger", desc(s(3, 2), s(1, 4), s(4, 3), 0, 1));
        probe("g_out_smaller", desc(s(3, 2), s(1, 4), s(3, 2), 0, 1));
        probe("g_out_rank_mismatch", desc(s(3, 2), s(1, 4), s(1, 4, 2), 0, 1));
        probe("g_out_leading1_moved", desc(s(1, 3, 3), s(1, 1, 2), s(1, 3, 2), 2, 2));
        probe("g_out_leading1_moved_idx1", desc(s(1, 3, 3), s(1, 1, 2), s(1, 3, 2), 2, 1));
        probe("crop_ex3_out12", desc(s(3, 2), s(1, 2), s(1, 2), 1, 2));
        probe("crop_in233_k2", desc(s(2, 3, 3), s(1, 1, 2), s(3, 1, 2), 2, 2));
        probe("crop_in233_k2_middle_1_removed", desc(s(2, 3, 3), s(1, 1, 2), s(2, 3, 2), 2, 2));
        probe("crop_in2233_k3", desc(s(2, 2, 3, 3), s(1, 1, 1, 2), s(3, 1, 1, 2), 3, 3));
        probe("crop_in53_k2_out52", desc(s(5, 3), s(1, 2), s(5, 2), 1, 2));
        probe("g_indices_rank_mismatch", desc(s(3, 2), s(4), s(4, 2), 0, 1));
        probe("g_axis_oob", desc(s(3, 2), s(1, 4), s(4, 2), 2, 1));
        probe("g_zero_size_dim", desc(s(3, 0), s(1, 2), s(2, 0), 0, 1));
        probe("g_8d", fixed(TensorDataType.UINT8, s(1, 1, 1, 1, 1, 1, 2, 3), s(1, 1, 1, 1, 1, 1, 2, 2),
                s(1, 1, 1, 1, 1, 2, 2, 3), 6, 2));
        Builder typeMismatch = probeBuilder(s(3, 2), s(1, 4), s(4, 2), 0, 1);
        typeMismatch.outputType = TensorDataType.INT32;
        probe("g_out_type_mismatch", typeMismatch.build());
        probe("g_indices_float", probeBuilder(s(3, 2), s(1, 4), s(4, 2), 0, 1).indexType(TensorDataType.FLOAT32)
                .build());
        probe("g_int64_data_u64_idx", probeBuilder(s(3, 2), s(1, 4), s(4, 2), 0, 1).dataType(TensorDataType.INT64)
                .indexType(TensorDataType.UINT64).build());
        Builder bytesSmall = probeBuilder(s(3, 2), s(1, 4), s(4, 2), 0, 1);
        bytesSmall.totalOverride[0] = 20;
        probe("g_input_bytes_small", bytesSmall.build());
        Builder bytes37 = probeBuilder(s(3, 3), s(1, 2), s(3, 2), 1, 1);
        bytes37.totalOverride[0] = 37;
        probe("g_total_bytes_37", bytes37.build());
        for (long total : new long[] {5, 7, 8}) {
            Builder u8 = probeBuilder(s(5), s(1), s(1), 0, 0);
            u8.dataType(TensorDataType.UINT8);
            u8.totalOverride[0] = total;
            probe("gather_u8_5_total_bytes_" + total, u8.build());
        }
        Builder broadcast = probeBuilder(s(3, 3), s(1, 2), s(2, 3), 0, 1);
        broadcast.tensorStrides[0] = List.of(0L, 1L);
        probe("g_strided_broadcast", broadcast.build());
        Builder outStrided = probeBuilder(s(3, 2), s(1, 4), s(4, 2), 0, 1);
        outStrided.tensorStrides[2] = List.of(1L, 4L);
        probe("g_out_strided", outStrided.build());
    }

    private GatherOperatorDesc desc(long[] input, long[] indices, long[] output, long axis, long indexDimensions) {
        return probeBuilder(input, indices, output, axis, indexDimensions).build();
    }

    private Builder probeBuilder(long[] input, long[] indices, long[] output, long axis, long indexDimensions) {
        Builder b = new Builder();
        b.dataType(TensorDataType.FLOAT32).indexType(TensorDataType.UINT32);
        b.input = input;
        b.indices = indices;
        b.output = output;
        b.axis = axis;
        b.indexDimensions = indexDimensions;
        return b;
    }

    private GatherOperatorDesc fixed(TensorDataType dataType, long[] input, long[] indices, long[] output, long axis,
            long indexDimensions) {
        return probeBuilder(input, indices, output, axis, indexDimensions).dataType(dataType).build();
    }

    private static long[] s(long... sizes) {
        return sizes;
    }

    private void probe(String name, GatherOperatorDesc desc) {
        cases.add(name, "referee_probe", desc);
    }

    private void big(String name, GatherOperatorDesc desc) {
        cases.add(name, "size_limit", desc);
    }

    /**
     * A valid desc: rank 1 to 8, Axis anywhere, IndexDimensions 0 to min(rank, Axis + 1) (so never the heap-bug
     * shape), the input sizes the formula crops set to 1, the indices' leading sizes 1, and the output the formula's.
     */
    private Builder base() {
        Builder b = changes.startValid(new Builder());
        int rank = b.rank();
        b.indexDimensions = random.nextInt(Math.min(rank, (int) b.axis + 1) + 1);
        if (b.indexDimensions >= 2) {
            Arrays.fill(b.input, 0, (int) b.indexDimensions - 1, 1);
        }
        b.indices = new long[rank];
        Arrays.fill(b.indices, 1);
        for (int i = rank - (int) b.indexDimensions; i < rank; i++) {
            b.indices[i] = 1 + random.nextInt(4);
        }
        b.fitOutput();
        return changes.stridesOnAboutAThird(b);
    }

    /**
     * IndexDimensions 0 with one index per output element (docs/directml-behaviour.md §10.4): the last L indices sizes
     * the input's first L after its leading 1s, L from 1 to Axis; the output the formula's, its padding dimension
     * sometimes above 1.
     */
    private Builder onePerElement() {
        Builder b = baseWith(x -> {
            int lead = leadingOnes(Arrays.stream(x.input).boxed().toList());
            return Math.min(x.axis, x.rank() - lead) >= 1;
        });
        int rank = b.rank();
        int lead = leadingOnes(Arrays.stream(b.input).boxed().toList());
        int count = 1 + random.nextInt((int) Math.min(b.axis, rank - lead));
        b.indexDimensions = 0;
        b.indices = new long[rank];
        Arrays.fill(b.indices, 1);
        System.arraycopy(b.input, lead, b.indices, rank - count, count);
        b.fitOutput();
        if (random.nextInt(4) == 0) {
            b.output[0] = 2 + random.nextInt(2);
        }
        return b;
    }

    /** {@link #onePerElement} with one indices size changed, or one more indices size in front. */
    private Builder indicesNotTheInputs() {
        Builder b = onePerElement();
        int first = leadingOnes(Arrays.stream(b.indices).boxed().toList());
        if (random.nextInt(3) == 0 && first > 0) {
            b.indices[first - 1] = 2 + random.nextInt(3);
        } else {
            int at = first + random.nextInt(b.rank() - first);
            b.indices[at] = b.indices[at] + 1 + random.nextInt(2);
        }
        return b;
    }

    private Builder baseWith(Predicate<Builder> wanted) {
        return GatherDraftChanges.drawUntil(this::base, wanted);
    }

    private Builder baseWithIndexDimensionsAtLeast(int minimum) {
        return baseWith(b -> b.indexDimensions >= minimum);
    }

    /** A draft of one GATHER desc. */
    private final class Builder extends GatherDescDraft<GatherOperatorDesc> {
        long indexDimensions;

        Builder() {
            super(strides);
        }

        /** Indices of the input's rank: leading 1s, then the indexed sizes kept or drawn anew. */
        Builder fitIndices() {
            long[] fitted = new long[rank()];
            Arrays.fill(fitted, 1);
            for (int i = rank() - (int) indexDimensions; i < rank(); i++) {
                fitted[i] = i < indices.length && indices[i] > 1 ? indices[i] : 1 + random.nextInt(4);
            }
            indices = fitted;
            return this;
        }

        /**
         * The output the formula gives, {@code Input[0..Axis) ++ Indices[R-k..R) ++ Input[Axis+1..R)}, aligned to R:
         * its first entries cropped, or a leading 1 added (k = 0).
         */
        Builder fitOutput() {
            int rank = rank();
            int k = (int) indexDimensions;
            long[] formula = new long[rank - 1 + k];
            int at = 0;
            for (int i = 0; i < axis; i++) {
                formula[at++] = input[i];
            }
            for (int i = rank - k; i < rank; i++) {
                formula[at++] = indices[i];
            }
            for (int i = (int) axis + 1; i < rank; i++) {
                formula[at++] = input[i];
            }
            output = new long[rank];
            Arrays.fill(output, 1);
            int drop = Math.max(0, formula.length - rank);
            System.arraycopy(formula, drop, output, rank - (formula.length - drop), formula.length - drop);
            return this;
        }

        @Override
        GatherOperatorDesc build() {
            return new GatherOperatorDesc(inputTensor(), indicesTensor(), outputTensor(), axis, indexDimensions);
        }
    }
}

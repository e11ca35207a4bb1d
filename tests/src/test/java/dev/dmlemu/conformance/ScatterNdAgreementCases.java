package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * Seeded DML_SCATTER_ND descs for the validator's agreement with the real DirectML.dll: a valid base, then one change
 * each (most of them make the desc invalid), plus the referee's named probes (docs/directml-behaviour.md §13). Each
 * case carries the kind of change, for the report; whether it is valid is for the DLL to say, except for the descs
 * on which the DLL ends the process ({@link #endsTheProcess}), which a test must never send in a shared process.
 *
 * <p>Left out: 16-bit types (the device refuses them) and everything the harness cannot express (see
 * {@link AgreementCases}).
 */
final class ScatterNdAgreementCases {

    private final SplittableRandom random;
    private final GeneratedStrides strides;
    private final GatherDraftChanges changes;
    private final AgreementCaseList<ScatterNdOperatorDesc> cases = new AgreementCaseList<>();

    private ScatterNdAgreementCases(long seed) {
        this.random = new SplittableRandom(seed);
        this.strides = new GeneratedStrides(random);
        this.changes = new GatherDraftChanges(random, strides);
    }

    static List<AgreementCase<ScatterNdOperatorDesc>> generate(long seed) {
        ScatterNdAgreementCases generator = new ScatterNdAgreementCases(seed);
        generator.generateAll();
        return generator.cases.list();
    }

    /**
     * Whether DirectML.dll 1.15.4's CreateOperator may end the process on {@code desc} (docs/directml-behaviour.md
     * §13.4), worked out from the raw fields whatever else is wrong with the desc: a tuple longer than a valid
     * InputDimensionCount but not longer than the input's DimensionCount, with IndicesDimensionCount 2 or more.
     */
    static boolean endsTheProcess(ScatterNdOperatorDesc desc) {
        BufferTensorDesc input = (BufferTensorDesc) desc.inputTensor();
        BufferTensorDesc indices = (BufferTensorDesc) desc.indicesTensor();
        if (indices.sizes().isEmpty()) {
            return false;
        }
        long tuple = indices.sizes().get(indices.sizes().size() - 1);
        long inputCount = desc.inputDimensionCount();
        return inputCount >= 1 && inputCount <= input.dimensionCount() && tuple > inputCount
                && tuple <= input.dimensionCount() && desc.indicesDimensionCount() >= 2;
    }

    private void generateAll() {
        cases.repeat(60, "valid_random", () -> base().build());
        cases.repeat(24, "dimension_counts_differ", () -> drawUntil(true,
                x -> x.indices.length != x.rank() || x.updates.length != x.rank()).build());
        cases.repeat(14, "input_dimension_count_out_of_range", () -> {
            Builder b = base();
            b.inputCount = countOutOfRange(b.rank());
            return b.build();
        });
        cases.repeat(14, "indices_dimension_count_out_of_range", () -> {
            Builder b = base();
            b.indicesCount = countOutOfRange(b.indices.length);
            return b.build();
        });
        cases.repeat(12, "uncounted_input_size_not_1", () -> {
            Builder b = baseWith(x -> x.inputCount < x.rank());
            b.input[random.nextInt(b.rank() - (int) b.inputCount)] = 2 + random.nextInt(2);
            b.output = b.input.clone();
            return b.build();
        });
        cases.repeat(12, "uncounted_indices_size_not_1", () -> {
            Builder b = baseWith(x -> x.indicesCount < x.indices.length);
            b.indices[random.nextInt(b.indices.length - (int) b.indicesCount)] = 2 + random.nextInt(2);
            return b.build();
        });
        cases.repeat(30, "index_tuple_too_long", () -> {
            Builder b = drawUntil(random.nextBoolean(), x -> true);
            b.indices[b.indices.length - 1] = b.inputCount + 1 + random.nextInt(2);
            return b.build();
        });
        cases.repeat(10, "updates_formula_too_long", () -> formulaTooLong().build());
        cases.repeat(20, "updates_size_off_by_one", () -> {
            Builder b = drawUntil(random.nextInt(4) == 0, x -> true);
            changes.offByOne(b.updates, random.nextInt(b.updates.length));
            return b.build();
        });
        cases.repeat(10, "updates_transposed", () -> {
            Builder b = baseWith(x -> GatherDraftChanges.distinctPair(x.updates) != null);
            GatherDraftChanges.transpose(b.updates);
            return b.build();
        });
        cases.repeat(8, "updates_extra_leading_size_2", () -> {
            Builder b = baseWith(x -> x.updates.length < 8);
            long[] longer = new long[b.updates.length + 1];
            longer[0] = 2;
            System.arraycopy(b.updates, 0, longer, 1, b.updates.length);
            b.updates = longer;
            return b.build();
        });
        cases.repeat(12, "output_size_off_by_one", () -> {
            Builder b = base();
            return changes.outputSizeOffByOne(b, random.nextInt(b.rank())).build();
        });
        cases.repeat(8, "output_rank_mismatch", () -> changes.outputReshaped(base()).build());
        cases.repeat(8, "output_type_mismatch", () -> changes.outputTypeMismatch(base()).build());
        cases.repeat(8, "updates_type_mismatch", () -> changes.updatesTypeMismatch(base()).build());
        cases.repeat(10, "index_type_not_integer", () -> changes.indexTypeNotInteger(base()).build());
        cases.repeat(6, "data_type_4_bit", () -> changes.dataType4Bit(base()).build());
        cases.repeat(12, "zero_size", () -> changes.zeroSize(base()).build());
        cases.repeat(18, "total_too_small", () -> changes.totalTooSmall(base()).build());
        cases.repeat(8, "total_unaligned_but_enough", () -> changes.totalUnalignedButEnough(base()).build());
        cases.repeat(6, "total_larger", () -> changes.totalLarger(base()).build());
        cases.repeat(10, "indices_broadcast_stride", () -> {
            Builder b = baseWith(x -> Arrays.stream(x.indices).anyMatch(size -> size > 1));
            b.tensorStrides[1] = strides.broadcast(b.indices);
            return b.build();
        });
        cases.repeat(8, "output_broadcast_stride", () -> changes.outputBroadcastStride(base()).build());
        cases.repeat(10, "all_strided", () -> changes.allStrided(base()).build());
        cases.repeat(16, "output_random_strides", () -> changes.outputRandomStrides(base()).build());
        cases.repeat(2, "rank_0", () -> {
            Builder b = changes.rank0(base());
            b.inputCount = 0;
            b.indicesCount = 0;
            return b.build();
        });
        probes();
    }

    private long countOutOfRange(int rank) {
        int pick = random.nextInt(6);
        return pick == 0 ? 0 : pick == 1 ? 0xFFFF_FFFFL : rank + pick - 1;
    }

    /**
     * The referee's named probes (docs/directml-behaviour.md §13), FLOAT32 data and UINT32 indices: input, indices,
     * updates and output sizes (null: the input's), InputDimensionCount, IndicesDimensionCount. None ends the
     * process; those are {@code ScatterNdValidatorAgreementTest}'s, one per process.
     */
    private void probes() {
        probe("scatter_nd_docs_rank2", s(1, 8), s(4, 1), s(1, 4), null, 1, 2);
        probe("snd_base", s(2, 3), s(4, 1), s(4, 3), null, 2, 2);
        probe("snd_idx_plus1", s(2, 3), s(1, 4, 1), s(4, 3), null, 2, 2);
        probe("snd_idx_plus1_idc3", s(2, 3), s(1, 4, 1), s(4, 3), null, 2, 3);
        probe("snd_upd_plus1", s(2, 3), s(4, 1), s(1, 4, 3), null, 2, 2);
        probe("snd_both_plus1", s(2, 3), s(1, 4, 1), s(1, 4, 3), null, 2, 2);
        probe("snd_both_plus1_idc3", s(2, 3), s(1, 4, 1), s(1, 4, 3), null, 2, 3);
        probe("snd_idx_plus1_lead2", s(2, 3), s(2, 4, 1), s(2, 4, 3), null, 2, 3);
        probe("snd_upd_plus1_lead2", s(2, 3), s(4, 1), s(2, 4, 3), null, 2, 2);
        probe("snd_idx_plus2", s(2, 3), s(1, 1, 4, 1), s(4, 3), null, 2, 2);
        probe("snd_both_plus2", s(2, 3), s(1, 1, 4, 1), s(1, 1, 4, 3), null, 2, 2);
        probe("snd_upd_plus2", s(2, 3), s(4, 1), s(1, 1, 4, 3), null, 2, 2);
        probe("snd_idx_minus1", s(1, 2, 3), s(4, 1), s(1, 4, 3), null, 2, 2);
        probe("snd_upd_minus1", s(1, 2, 3), s(1, 4, 1), s(4, 3), null, 2, 2);
        probe("snd_both_minus1", s(1, 2, 3), s(4, 1), s(4, 3), null, 2, 2);
        probe("snd_out_plus1", s(2, 3), s(4, 1), s(4, 3), s(1, 2, 3), 2, 2);
        probe("snd_out_minus1", s(1, 2, 3), s(1, 4, 1), s(1, 4, 3), s(2, 3), 2, 2);
        probe("snd_in_plus1_out_plus1", s(1, 2, 3), s(4, 1), s(4, 3), s(1, 2, 3), 2, 2);
        probe("snd_idx_plus1_4d", s(1, 2, 3, 3), s(1, 1, 1, 4, 2), s(1, 1, 1, 4, 3), null, 3, 2);
        probe("snd_idx_plus1_8d_input", s(1, 1, 1, 1, 1, 1, 2, 3), s(1, 1, 1, 1, 1, 1, 1, 4, 1),
                s(1, 1, 1, 1, 1, 1, 1, 4, 3), null, 2, 2);
        probe("snd_idx_rank1_upd_rank2", s(1, 2, 3), s(1), s(1, 3), null, 2, 1);
        probe("snd_idx_rank1", s(1, 2, 3), s(1), s(3), null, 2, 1);
        probe("snd_idx_rank1_upd_rank3", s(1, 2, 3), s(1), s(1, 1, 3), null, 2, 1);
        probe("snd_idx_plus1_uncounted2", s(2, 3), s(2, 4, 1), s(1, 4, 3), null, 2, 2);
        probe("snd_input_rank4_rest_rank1_q1", s(1, 1, 1, 5), s(1), s(1), null, 1, 1);
        probe("snd_indc_gt_rank", s(2, 3), s(4, 1), s(4, 3), null, 3, 2);
        probe("snd_idc_gt_idxrank_eq_inrank", s(1, 2, 3), s(4, 1), s(1, 4, 3), null, 2, 3);
        probe("snd_idc0", s(2, 3), s(4, 1), s(4, 3), null, 2, 0);
        probe("snd_indc0", s(2, 3), s(4, 1), s(4, 3), null, 0, 2);
        probe("snd_upd_wrong", s(2, 3), s(4, 1), s(4, 2), null, 2, 2);
        probe("snd_out_wrong", s(2, 3), s(4, 1), s(4, 3), s(2, 4), 2, 2);
        probe("snd_uncounted_input", s(2, 2, 3), s(1, 4, 1), s(1, 4, 3), null, 2, 2);
        probe("snd_formula_long_upd_rank", s(3, 3, 3), s(1, 2, 2, 1), s(2, 2, 3, 3), null, 3, 3);
        probe("snd_formula_long_upd_rank_same", s(3, 3, 3), s(2, 2, 1), s(2, 3, 3), null, 3, 3);
        // Indices strides: 0 on a dimension of size above 1 is refused, overlapping or 0 on a size-1 one accepted.
        probe("i1_idx_stride0_size7", s(2, 3), s(7, 1), s(7, 3), null, 2, 2, s(0, 1));
        probe("i1b_idx_strides_1_1", s(2, 3), s(7, 1), s(7, 3), null, 2, 2, s(1, 1));
        probe("i2_idx_stride0_rows", s(2, 3), s(4, 2), s(1, 4), null, 2, 2, s(0, 1));
        probe("i3_idx_transposed", s(2, 3), s(4, 2), s(1, 4), null, 2, 2, s(1, 4));
        probe("i4_idx_stride0_tuple", s(2, 3), s(4, 2), s(1, 4), null, 2, 2, s(2, 0));
        probe("i5_idx_overlapping", s(2, 3), s(4, 2), s(1, 4), null, 2, 2, s(1, 1));
        probe("i9_idx_strides_0_0", s(2, 3), s(4, 1), s(4, 3), null, 2, 2, s(0, 0));
        probe("i13_idx_stride0_size1", s(2, 3), s(4, 1), s(4, 3), null, 2, 2, s(1, 0));
        probe("i14_idx_all_size1_stride0", s(2, 3), s(1, 1), s(1, 3), null, 2, 2, s(0, 0));
        // Tuples longer than InputDimensionCount that CreateOperator refuses with E_INVALIDARG (§13.4).
        probe("ff_1d_q2", s(5), s(2), s(1), null, 1, 1);
        probe("ff_2d_q3_rank2", s(3, 3), s(1, 3), s(1, 1), null, 2, 2);
        probe("ff_2d_rows_q3", s(2, 2), s(4, 3), s(1, 4), null, 2, 2);
        probe("ff_4d_rank1_rest", s(1, 1, 1, 5), s(2), s(1), null, 1, 1);
        probe("ff_1d_q8", s(4), s(1, 8), s(1, 1), null, 1, 2);
        probe("ff_3d_q4_indc3", s(2, 3, 4), s(2, 4), s(1, 2), null, 3, 2);
        probe("ff_4d_idxrank1_updrank2", s(1, 1, 1, 5), s(2), s(1, 1), null, 1, 1);
        probe("ff_2d_idxrank1_q2", s(1, 3), s(2), s(1, 1), null, 1, 1);
        probe("ff_3d_q2_indc1_idxrank1", s(1, 3, 3), s(2), s(1, 1, 1), null, 1, 1);
        probe("ff_2d_idx12_idc1", s(1, 3), s(1, 2), s(1, 1), null, 1, 1);
        probe("ff_3d_idx112_idc1", s(1, 1, 3), s(1, 1, 2), s(1, 1, 1), null, 1, 1);
        probe("ff_4d_q3_indc2_idc1", s(1, 1, 2, 2), s(1, 1, 1, 3), s(1, 1, 1, 1), null, 2, 1);
    }

    private void probe(String name, long[] input, long[] indices, long[] updates, long[] output, long inputCount,
            long indicesCount) {
        cases.add(name, "referee_probe", probeDesc(input, indices, updates, output, inputCount, indicesCount));
    }

    /** A probe whose indices have the given Strides. */
    private void probe(String name, long[] input, long[] indices, long[] updates, long[] output, long inputCount,
            long indicesCount, long[] indicesStrides) {
        ScatterNdOperatorDesc packed = probeDesc(input, indices, updates, output, inputCount, indicesCount);
        List<Long> strideList = GeneratedStrides.boxed(indicesStrides);
        BufferTensorDesc strided = new BufferTensorDesc(TensorDataType.UINT32, TensorFlags.NONE,
                indices.length, GeneratedStrides.boxed(indices), Optional.of(strideList),
                BufferTensorMath.calcBufferTensorSize(TensorDataType.UINT32,
                        GeneratedStrides.boxed(indices), Optional.of(strideList)), 0);
        cases.add(name, "referee_probe", new ScatterNdOperatorDesc(packed.inputTensor(), strided,
                packed.updatesTensor(), packed.outputTensor(), inputCount, indicesCount));
    }

    /** A FLOAT32 desc with UINT32 indices, all packed; {@code output} null for the input's sizes. */
    static ScatterNdOperatorDesc probeDesc(long[] input, long[] indices, long[] updates, long[] output,
            long inputCount, long indicesCount) {
        return new ScatterNdOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, input),
                BufferTensorDesc.packed(TensorDataType.UINT32, indices),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, updates),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, output == null ? input : output), inputCount,
                indicesCount);
    }

    static long[] s(long... sizes) {
        return sizes;
    }

    /** A valid desc whose four tensors have one DimensionCount. */
    private Builder base() {
        return drawUntil(false, x -> true);
    }

    private Builder baseWith(Predicate<Builder> wanted) {
        return GatherDraftChanges.drawUntil(this::base, wanted);
    }

    /**
     * A valid desc: input rank 1 to 8, both counts 1 to their tensor's rank, a tuple of 1 to InputDimensionCount
     * coordinates, 1s before the counted dimensions, the updates the formula's with leading 1s, the output the
     * input's; drawn again until the formula fits the updates and {@code wanted} holds. With
     * {@code ranksMayDiffer} the indices and updates get DimensionCounts of their own (which DirectML accepts).
     */
    private Builder drawUntil(boolean ranksMayDiffer, Predicate<Builder> wanted) {
        while (true) {
            Builder b = changes.startValid(new Builder());
            int rank = b.rank();
            b.axis = 0; // not a field of this operator
            int indicesRank = ranksMayDiffer ? 1 + random.nextInt(8) : rank;
            b.inputCount = 1 + random.nextInt(rank);
            b.indicesCount = 1 + random.nextInt(indicesRank);
            long tuple = 1 + random.nextInt((int) b.inputCount);
            Arrays.fill(b.input, 0, rank - (int) b.inputCount, 1);
            b.indices = new long[indicesRank];
            Arrays.fill(b.indices, 1);
            for (int i = indicesRank - (int) b.indicesCount; i < indicesRank - 1; i++) {
                b.indices[i] = 1 + random.nextInt(3);
            }
            b.indices[indicesRank - 1] = tuple;
            int formulaLength = b.formula().length;
            if (formulaLength > 8) {
                continue;
            }
            int updatesRank = ranksMayDiffer ? Math.max(1, formulaLength + random.nextInt(9 - formulaLength)) : rank;
            if (formulaLength <= updatesRank) {
                b.fitUpdates(updatesRank);
                b.output = b.input.clone();
                changes.stridesOnAboutAThird(b);
                if (wanted.test(b)) {
                    return b;
                }
            }
        }
    }

    /**
     * Rank 3 to 8, both counts the rank, a 1-coordinate tuple: the formula has 2R - 2 entries, more than the updates'
     * R. The updates are its last R, which is what cropping (GATHER's way) would give.
     */
    private Builder formulaTooLong() {
        Builder b;
        do {
            b = changes.startValid(new Builder());
        } while (b.rank() < 3);
        int rank = b.rank();
        b.axis = 0;
        b.inputCount = rank;
        b.indicesCount = rank;
        b.indices = new long[rank];
        for (int i = 0; i < rank - 1; i++) {
            b.indices[i] = 1 + random.nextInt(3);
        }
        b.indices[rank - 1] = 1;
        long[] formula = b.formula();
        b.updates = Arrays.copyOfRange(formula, formula.length - rank, formula.length);
        b.output = b.input.clone();
        return b;
    }

    /** A draft of one SCATTER_ND desc (the draft's Axis is not one of its fields). */
    private final class Builder extends GatherDescDraft<ScatterNdOperatorDesc> {
        long inputCount;
        long indicesCount;

        Builder() {
            super(strides);
            updates = new long[0];
        }

        /** {@code idx[R'-IDC .. R'-1) ++ in[R-InDC+q .. R)}, as DirectML.dll 1.15.4 computes it (§13.3). */
        long[] formula() {
            int rank = rank();
            int indicesRank = indices.length;
            long tuple = indices[indicesRank - 1];
            long[] head = Arrays.copyOfRange(indices, indicesRank - (int) indicesCount, indicesRank - 1);
            long[] tail = Arrays.copyOfRange(input, rank - (int) inputCount + (int) tuple, rank);
            long[] formula = Arrays.copyOf(head, head.length + tail.length);
            System.arraycopy(tail, 0, formula, head.length, tail.length);
            return formula;
        }

        /** The updates the formula gives, with leading 1s up to {@code updatesRank}. */
        void fitUpdates(int updatesRank) {
            long[] formula = formula();
            updates = new long[updatesRank];
            Arrays.fill(updates, 1);
            System.arraycopy(formula, 0, updates, updatesRank - formula.length, formula.length);
        }

        @Override
        ScatterNdOperatorDesc build() {
            return new ScatterNdOperatorDesc(inputTensor(), indicesTensor(), updatesTensor(), outputTensor(),
                    inputCount, indicesCount);
        }
    }
}

package dev.dmlemu.conformance;

import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * Seeded DML_GATHER_ND or DML_GATHER_ND1 descs for the validator's agreement with the real DirectML.dll: a valid
 * base, then one change each (most of them make the desc invalid), plus the referee's named probes
 * (docs/directml-behaviour.md §11). Each case carries the kind of change, for the report; whether it is valid is for
 * the DLL to say. GATHER_ND1 cases add the changes only its BatchDimensionCount allows.
 *
 * <p>Left out: 16-bit types (the device refuses them) and everything the harness cannot express (see
 * {@link AgreementCases}).
 */
final class GatherNdAgreementCases {

    /** Which of the two operators. */
    enum Operator { GATHER_ND, GATHER_ND1 }

    private final Operator operator;
    private final SplittableRandom random;
    private final GeneratedStrides strides;
    private final GatherDraftChanges changes;
    private final AgreementCaseList<OperatorDesc> cases = new AgreementCaseList<>();

    private GatherNdAgreementCases(Operator operator, long seed) {
        this.operator = operator;
        this.random = new SplittableRandom(seed);
        this.strides = new GeneratedStrides(random);
        this.changes = new GatherDraftChanges(random, strides);
    }

    static List<AgreementCase<OperatorDesc>> generate(Operator operator, long seed) {
        GatherNdAgreementCases generator = new GatherNdAgreementCases(operator, seed);
        generator.generateAll();
        return generator.cases.list();
    }

    private boolean batched() {
        return operator == Operator.GATHER_ND1;
    }

    private void generateAll() {
        cases.repeat(70, "valid_random", () -> base().build());
        cases.repeat(16, "input_dimension_count_out_of_range", () -> {
            Builder b = base();
            b.inputCount = countOutOfRange(b.rank());
            return b.build();
        });
        cases.repeat(16, "indices_dimension_count_out_of_range", () -> {
            Builder b = base();
            b.indicesCount = countOutOfRange(b.rank());
            return b.build();
        });
        cases.repeat(14, "uncounted_input_size_not_1", () -> {
            Builder b = baseWith(x -> x.inputCount < x.rank());
            b.input[random.nextInt(b.rank() - (int) b.inputCount)] = 2 + random.nextInt(2);
            return b.build();
        });
        cases.repeat(14, "uncounted_indices_size_not_1", () -> {
            Builder b = baseWith(x -> x.indicesCount < x.rank());
            b.indices[random.nextInt(b.rank() - (int) b.indicesCount)] = 2 + random.nextInt(2);
            return b.build();
        });
        cases.repeat(16, "index_tuple_too_long", () -> {
            Builder b = base();
            b.indices[b.rank() - 1] = b.inputCount - b.batchCount + 1 + random.nextInt(2);
            return b.build();
        });
        cases.repeat(12, "output_formula_too_long", () -> formulaTooLong().build());
        cases.repeat(24, "output_size_off_by_one", () -> {
            Builder b = base();
            int dim = random.nextInt(b.rank());
            return changes.outputSizeOffByOne(b, dim).build();
        });
        cases.repeat(12, "output_transposed", () -> {
            return changes.outputTransposed(baseWith(x -> GatherDraftChanges.distinctPair(x.output) != null))
                    .build();
        });
        cases.repeat(10, "output_rank_mismatch", () -> changes.outputReshaped(base()).build());
        cases.repeat(10, "indices_rank_mismatch", () -> changes.indicesReshaped(base()).build());
        cases.repeat(10, "output_type_mismatch", () -> changes.outputTypeMismatch(base()).build());
        cases.repeat(12, "index_type_not_integer", () -> changes.indexTypeNotInteger(base()).build());
        cases.repeat(6, "data_type_4_bit", () -> changes.dataType4Bit(base()).build());
        cases.repeat(12, "zero_size", () -> changes.zeroSize(base()).build());
        cases.repeat(18, "total_too_small", () -> changes.totalTooSmall(base()).build());
        cases.repeat(10, "total_unaligned_but_enough", () -> changes.totalUnalignedButEnough(base()).build());
        cases.repeat(6, "total_larger", () -> changes.totalLarger(base()).build());
        cases.repeat(8, "output_broadcast_stride", () -> changes.outputBroadcastStride(base()).build());
        cases.repeat(10, "all_strided", () -> changes.allStrided(base()).build());
        cases.repeat(20, "output_random_strides", () -> changes.outputRandomStrides(base()).build());
        cases.repeat(2, "rank_0", () -> {
            Builder b = changes.rank0(base());
            b.inputCount = 0;
            b.indicesCount = 0;
            b.batchCount = 0;
            return b.build();
        });
        if (batched()) {
            batchCases();
        }
        probes();
    }

    /** GATHER_ND1 only: BatchDimensionCount out of range, and batch sizes that differ between input and indices. */
    private void batchCases() {
        cases.repeat(16, "batch_dimension_count_out_of_range", () -> {
            Builder b = base();
            int pick = random.nextInt(5);
            b.batchCount = pick == 0 ? 0xFFFF_FFFFL : Math.min(b.inputCount, b.indicesCount) + pick - 1;
            return b.build();
        });
        cases.repeat(16, "batch_sizes_differ", () -> {
            Builder b = baseWith(x -> x.batchCount > 0);
            b.indices[b.indicesBatchStart() + random.nextInt((int) b.batchCount)] += 1 + random.nextInt(3);
            return b.fitOutput().build();
        });
        cases.repeat(12, "batch_sizes_differ_output_from_input", () -> {
            Builder b = baseWith(x -> x.batchCount > 0);
            b.indices[b.indicesBatchStart() + random.nextInt((int) b.batchCount)] += 1 + random.nextInt(3);
            return b.build();
        });
    }

    private long countOutOfRange(int rank) {
        int pick = random.nextInt(6);
        return pick == 0 ? 0 : pick == 1 ? 0xFFFF_FFFFL : rank + pick - 1;
    }

    /**
     * The referee's named probes (docs/directml-behaviour.md §11), FLOAT32 data and UINT32 indices. GATHER_ND1 runs
     * them with BatchDimensionCount 0 and adds its own.
     */
    private void probes() {
        probe("docs_ex1", s(2, 2), s(2, 1), s(2, 2), 2, 2, 0);
        probe("docs_ex2", s(1, 2, 2, 2), s(1, 1, 2, 2), s(1, 1, 2, 2), 3, 2, 0);
        probe("docs_ex2_docs_formula_output", s(1, 2, 2, 2), s(1, 1, 2, 2), s(1, 2, 2, 2), 3, 2, 0);
        probe("q_eq_indc_full", s(2, 3), s(1, 2), s(1, 1), 2, 1, 0);
        probe("q_eq_indc_rows", s(2, 3), s(4, 2), s(1, 4), 2, 2, 0);
        probe("leading_input_not1", s(2, 3, 3), s(1, 2, 1), s(1, 2, 3), 2, 2, 0);
        probe("leading_indices_not1", s(1, 3, 3), s(2, 2, 1), s(1, 2, 3), 2, 2, 0);
        probe("indc0", s(2, 2), s(2, 1), s(2, 2), 0, 2, 0);
        probe("idc0", s(2, 2), s(2, 1), s(2, 2), 2, 0, 0);
        probe("indc_gt_rank", s(2, 2), s(2, 1), s(2, 2), 3, 2, 0);
        probe("idc_gt_rank", s(2, 2), s(2, 1), s(2, 2), 2, 3, 0);
        probe("formula_longer", s(3, 3, 3), s(2, 2, 1), s(2, 3, 3), 3, 3, 0);
        probe("formula_longer_leading1", s(1, 3, 3), s(1, 2, 1), s(2, 3, 3), 3, 3, 0);
        probe("formula_longer_leading1_b", s(1, 3, 3), s(1, 2, 1), s(1, 3, 3), 3, 3, 0);
        probe("output_leading_not1", s(2, 3), s(1, 2), s(2, 1), 2, 1, 0);
        probe("q1_indc1", s(1, 1, 5), s(1, 3, 1), s(1, 1, 3), 1, 2, 0);
        probe("idc1_tuple_only", s(4, 5), s(1, 1), s(1, 5), 2, 1, 0);
        probe("idc1_tuple_only_wrong", s(4, 5), s(1, 1), s(4, 5), 2, 1, 0);
        probe("q_gt_indc", s(1, 3, 3), s(1, 1, 3), s(1, 1, 1), 2, 1, 0);
        probe("q_gt_indc_clean", s(1, 1, 3), s(1, 2, 2), s(1, 1, 2), 1, 2, 0);
        probe("q_gt_rank", s(3, 3), s(1, 3), s(1, 1), 2, 1, 0);
        if (!batched()) {
            return;
        }
        probe("docs_ex2_batch1", s(1, 3, 2, 2), s(1, 3, 2, 2), s(1, 1, 3, 2), 3, 3, 1);
        probe("b_eq_indc", s(1, 3, 2, 2), s(1, 3, 2, 2), s(1, 1, 3, 2), 3, 3, 3);
        probe("b_eq_idc", s(1, 3, 2, 2), s(1, 1, 3, 1), s(1, 1, 1, 3), 3, 2, 2);
        probe("b_gt_idc_lt_indc", s(1, 3, 2, 2), s(1, 1, 3, 1), s(1, 1, 1, 3), 3, 1, 2);
        probe("batch_idx_bigger", s(1, 3, 2, 2), s(1, 5, 2, 2), s(1, 1, 5, 2), 3, 3, 1);
        probe("batch_idx_bigger_out_input_batch", s(1, 3, 2, 2), s(1, 5, 2, 2), s(1, 1, 3, 2), 3, 3, 1);
        probe("batch_idx_smaller", s(1, 4, 2, 2), s(1, 1, 2, 2), s(1, 1, 1, 2), 3, 3, 1);
        probe("batch_idx_smaller_out_input_batch", s(1, 4, 2, 2), s(1, 1, 2, 2), s(1, 1, 4, 2), 3, 3, 1);
        probe("b2", s(2, 3, 4, 5), s(2, 3, 2, 1), s(2, 3, 2, 5), 4, 4, 2);
        probe("b2_differ_both", s(2, 3, 4, 5), s(3, 2, 2, 1), s(3, 2, 2, 5), 4, 4, 2);
        probe("b1_idc_lt_indc", s(1, 3, 2, 2), s(1, 1, 3, 1), s(1, 1, 3, 2), 3, 2, 1);
        probe("b1_idc2_indc2", s(1, 1, 3, 4), s(1, 1, 3, 1), s(1, 1, 1, 3), 2, 2, 1);
        probe("b_plus_q_gt_indc", s(1, 3, 2, 2), s(1, 3, 2, 3), s(1, 1, 3, 2), 3, 3, 1);
        probe("b_plus_q_gt_indc2", s(1, 3, 2, 2), s(1, 3, 1, 3), s(1, 1, 1, 3), 3, 3, 1);
        probe("b_plus_q_eq_indc", s(1, 3, 2, 2), s(1, 3, 2, 2), s(1, 1, 3, 2), 3, 3, 1);
    }

    private void probe(String name, long[] input, long[] indices, long[] output, long inputCount, long indicesCount,
            long batchCount) {
        Builder b = new Builder();
        b.dataType(TensorDataType.FLOAT32).indexType(TensorDataType.UINT32);
        b.input = input;
        b.indices = indices;
        b.output = output;
        b.inputCount = inputCount;
        b.indicesCount = indicesCount;
        b.batchCount = batchCount;
        cases.add(name, "referee_probe", b.build());
    }

    private static long[] s(long... sizes) {
        return sizes;
    }

    /**
     * A valid desc: rank 1 to 8, both counts 1 to the rank, a batch count below both (GATHER_ND1), a tuple of 1 to
     * InputDimensionCount - B coordinates, 1s before the counted dimensions, the indices' batch sizes the input's,
     * and the output the formula's; drawn again until the formula fits the rank.
     */
    private Builder base() {
        while (true) {
            Builder b = changes.startValid(new Builder());
            int rank = b.rank();
            b.axis = 0; // not a field of these operators
            b.inputCount = 1 + random.nextInt(rank);
            b.indicesCount = 1 + random.nextInt(rank);
            b.batchCount = batched() ? random.nextInt((int) Math.min(b.inputCount, b.indicesCount)) : 0;
            long tuple = 1 + random.nextInt((int) (b.inputCount - b.batchCount));
            Arrays.fill(b.input, 0, rank - (int) b.inputCount, 1);
            b.indices = new long[rank];
            Arrays.fill(b.indices, 1);
            for (int i = rank - (int) b.indicesCount; i < rank - 1; i++) {
                b.indices[i] = 1 + random.nextInt(3);
            }
            for (int j = 0; j < b.batchCount; j++) {
                b.indices[b.indicesBatchStart() + j] = b.input[rank - (int) b.inputCount + j];
            }
            b.indices[rank - 1] = tuple;
            if (b.formula().length <= rank) {
                b.fitOutput();
                return changes.stridesOnAboutAThird(b);
            }
        }
    }

    private Builder baseWith(Predicate<Builder> wanted) {
        return GatherDraftChanges.drawUntil(this::base, wanted);
    }

    /**
     * Rank 3 to 8, both counts the rank, no batch and a 1-coordinate tuple: the formula has 2R - 2 entries. The
     * output is its last R, which is what cropping (GATHER's way) would give.
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
        b.batchCount = 0;
        b.indices = new long[rank];
        for (int i = 0; i < rank - 1; i++) {
            b.indices[i] = 1 + random.nextInt(3);
        }
        b.indices[rank - 1] = 1;
        long[] formula = b.formula();
        b.output = Arrays.copyOfRange(formula, formula.length - rank, formula.length);
        return b;
    }

    /** A draft of one GATHER_ND or GATHER_ND1 desc (the draft's Axis is not one of their fields). */
    private final class Builder extends GatherDescDraft<OperatorDesc> {
        long inputCount;
        long indicesCount;
        long batchCount;

        Builder() {
            super(strides);
        }

        int indicesBatchStart() {
            return rank() - (int) indicesCount;
        }

        /** {@code idx[R-IDC .. R-1) ++ in[R-InDC+B+q .. R)}, as DirectML.dll 1.15.4 computes it (§11.3). */
        long[] formula() {
            int rank = rank();
            long tuple = indices[rank - 1];
            long[] head = Arrays.copyOfRange(indices, rank - (int) indicesCount, rank - 1);
            long[] tail = Arrays.copyOfRange(input, rank - (int) inputCount + (int) batchCount + (int) tuple, rank);
            long[] formula = Arrays.copyOf(head, head.length + tail.length);
            System.arraycopy(tail, 0, formula, head.length, tail.length);
            return formula;
        }

        /** The output the formula gives, with leading 1s up to the rank. */
        Builder fitOutput() {
            long[] formula = formula();
            output = new long[rank()];
            Arrays.fill(output, 1);
            System.arraycopy(formula, 0, output, rank() - formula.length, formula.length);
            return this;
        }

        @Override
        OperatorDesc build() {
            return batched()
                    ? new GatherNd1OperatorDesc(inputTensor(), indicesTensor(), outputTensor(), inputCount,
                            indicesCount, batchCount)
                    : new GatherNdOperatorDesc(inputTensor(), indicesTensor(), outputTensor(), inputCount,
                            indicesCount);
        }
    }
}

package dev.dmlemu.conformance;

import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded DML_SCATTER_ELEMENTS descs for the validator's agreement with the real DirectML.dll: a valid base, then one
 * change each (most of them make the desc invalid), plus the referee's named probes (docs/directml-behaviour.md §12).
 * Each case carries the kind of change, for the report; whether it is valid is for the DLL to say.
 *
 * <p>Left out: 16-bit types (the device refuses them) and everything the harness cannot express (see
 * {@link AgreementCases}).
 */
final class ScatterElementsAgreementCases {

    private final SplittableRandom random;
    private final GeneratedStrides strides;
    private final GatherDraftChanges changes;
    private final AgreementCaseList<ScatterElementsOperatorDesc> cases = new AgreementCaseList<>();

    private ScatterElementsAgreementCases(long seed) {
        this.random = new SplittableRandom(seed);
        this.strides = new GeneratedStrides(random);
        this.changes = new GatherDraftChanges(random, strides);
    }

    static List<AgreementCase<ScatterElementsOperatorDesc>> generate(long seed) {
        ScatterElementsAgreementCases generator = new ScatterElementsAgreementCases(seed);
        generator.generateAll();
        return generator.cases.list();
    }

    private void generateAll() {
        cases.repeat(64, "valid_random", () -> base().build());
        cases.repeat(16, "indices_axis_larger_than_input", () -> {
            Builder b = base();
            b.indices[(int) b.axis] = b.input[(int) b.axis] + 1 + random.nextInt(2);
            return b.updatesFromIndices().build();
        });
        cases.repeat(14, "indices_non_axis_smaller", () -> {
            Builder b = baseWith(x -> x.rank() > 1 && nonAxisAbove1(x) >= 0);
            b.indices[nonAxisAbove1(b)] -= 1;
            return b.updatesFromIndices().build();
        });
        cases.repeat(14, "indices_non_axis_larger", () -> {
            Builder b = baseWith(x -> x.rank() > 1);
            b.indices[otherDim(b)] += 1 + random.nextInt(2);
            return b.updatesFromIndices().build();
        });
        cases.repeat(18, "updates_size_off_by_one", () -> {
            Builder b = base();
            changes.offByOne(b.updates, random.nextInt(b.rank()));
            return b.build();
        });
        cases.repeat(16, "output_size_off_by_one", () -> {
            Builder b = base();
            return changes.outputSizeOffByOne(b, random.nextInt(b.rank())).build();
        });
        cases.repeat(12, "axis_out_of_range", () -> changes.axisOutOfRange(base()).build());
        cases.repeat(8, "indices_rank_mismatch", () -> {
            Builder b = changes.indicesReshaped(base());
            return b.updatesFromIndices().build();
        });
        cases.repeat(8, "updates_rank_mismatch", () -> {
            Builder b = base();
            b.updates = changes.reshaped(b.updates);
            return b.build();
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
        cases.repeat(8, "output_broadcast_stride", () -> changes.outputBroadcastStride(base()).build());
        cases.repeat(10, "all_strided", () -> changes.allStrided(base()).build());
        cases.repeat(18, "output_random_strides", () -> changes.outputRandomStrides(base()).build());
        cases.repeat(2, "rank_0", () -> changes.rank0(base()).build());
        probes();
    }

    /**
     * The referee's named probes and the docs' examples (docs/directml-behaviour.md §12), FLOAT32 data and UINT32
     * indices: input, indices, updates, output sizes and Axis.
     */
    private void probes() {
        probe("scatter_docs_ex1_1d", s(5), s(4), s(4), s(5), 0);
        probe("scatter_docs_ex2_as_printed", s(2, 3), s(2, 3), s(2, 3), s(3, 3), 0);
        probe("scatter_docs_ex2_input3x3", s(3, 3), s(2, 3), s(2, 3), s(3, 3), 0);
        probe("s_nonaxis_smaller", s(3, 3), s(2, 2), s(2, 2), s(3, 3), 0);
        probe("s_indices_axis_longer_than_input", s(4), s(6), s(6), s(4), 0);
        probe("s_indices_bigger_axis", s(3, 3), s(5, 3), s(5, 3), s(3, 3), 0);
        probe("s_indices_axis_equal_input", s(3, 3), s(3, 3), s(3, 3), s(3, 3), 1);
        probe("s_updates_sizes_mismatch", s(3, 3), s(1, 3), s(2, 3), s(3, 3), 0);
        probe("s_output_sizes_mismatch", s(3, 3), s(1, 3), s(1, 3), s(1, 3), 0);
        probe("s_axis_oob", s(3, 3), s(1, 3), s(1, 3), s(3, 3), 2);
        probe("s_4d_like_1_0", s(1, 1, 3, 3), s(1, 1, 2, 3), s(1, 1, 2, 3), s(1, 1, 3, 3), 2);
    }

    private void probe(String name, long[] input, long[] indices, long[] updates, long[] output, long axis) {
        Builder b = new Builder();
        b.dataType(TensorDataType.FLOAT32).indexType(TensorDataType.UINT32);
        b.input = input;
        b.indices = indices;
        b.updates = updates;
        b.output = output;
        b.axis = axis;
        cases.add(name, "referee_probe", b.build());
    }

    private static long[] s(long... sizes) {
        return sizes;
    }

    /** A dimension other than Axis (the rank is above 1). */
    private int otherDim(Builder b) {
        int dim = random.nextInt(b.rank() - 1);
        return dim >= b.axis ? dim + 1 : dim;
    }

    /** The first non-axis dimension whose indices size is above 1, or -1. */
    private static int nonAxisAbove1(Builder b) {
        for (int i = 0; i < b.rank(); i++) {
            if (i != b.axis && b.indices[i] > 1) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A valid desc: rank 1 to 8, indices of the input's sizes but along Axis, where they are 1 to the input's size,
     * updates of the indices' sizes, the output the input's; strides on about a third of the tensors.
     */
    private Builder base() {
        Builder b = changes.startValid(new Builder());
        b.indices = b.input.clone();
        b.indices[(int) b.axis] = 1 + random.nextInt((int) b.input[(int) b.axis]);
        b.updatesFromIndices();
        b.output = b.input.clone();
        return changes.stridesOnAboutAThird(b);
    }

    private Builder baseWith(java.util.function.Predicate<Builder> wanted) {
        return GatherDraftChanges.drawUntil(this::base, wanted);
    }

    /** A draft of one SCATTER_ELEMENTS desc. */
    private final class Builder extends GatherDescDraft<ScatterElementsOperatorDesc> {

        Builder() {
            super(strides);
            updates = new long[0];
        }

        /** Updates of the indices' sizes. */
        Builder updatesFromIndices() {
            updates = indices.clone();
            return this;
        }

        @Override
        ScatterElementsOperatorDesc build() {
            return new ScatterElementsOperatorDesc(inputTensor(), indicesTensor(), updatesTensor(), outputTensor(),
                    axis);
        }
    }
}

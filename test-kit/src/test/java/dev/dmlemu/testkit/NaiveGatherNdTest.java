package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.Bytes.floats;
import static dev.dmlemu.testkit.Bytes.floatsOf;
import static dev.dmlemu.testkit.Bytes.ints;
import static dev.dmlemu.testkit.Bytes.longs;
import static dev.dmlemu.testkit.Bytes.oneTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.NaiveGatherNd.Outcome;
import dev.dmlemu.testkit.NaiveGatherNd.Refusal;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reference pinned to DML_GATHER_ND and GATHER_ND1 outputs recorded on the real DirectML.dll 1.15.4 (the docs'
 * examples, the batch-size probes of docs/directml-behaviour.md §11.4 and the out-of-range probes of §11.5, each
 * named as recorded and worked out by hand in the comments) and to hand-computed values for the project's own
 * policies (§7.3). Inputs are FLOAT32 and indices UINT32 unless noted, as in the recordings.
 */
class NaiveGatherNdTest extends RecordedGatherOutputsTest {

    /** Every index in range and batches inside the input: every model gives the recorded output. */
    static Stream<Probe> inRange() {
        return Stream.of(
                // in[1] ++ in[0]: rows 1 and 0 of [[0, 1], [2, 3]].
                new Probe("gather_nd_docs_ex1", nd(in(2, 2), u32(2, 1), out(2, 2), 2, 2), floats(0, 1, 2, 3),
                        ints(1, 0), new float[] {2, 3, 0, 1}),
                // Counted input {2,2,2}; tuples (0,1) and (1,0) pick rows [2, 3] and [4, 5].
                new Probe("gather_nd_docs_ex2", nd(in(1, 2, 2, 2), u32(1, 1, 2, 2), out(1, 1, 2, 2), 3, 2),
                        floats(0, 1, 2, 3, 4, 5, 6, 7), ints(0, 1, 1, 0), new float[] {2, 3, 4, 5}),
                new Probe("gather_nd1_docs_ex1", nd1(in(2, 2), u32(2, 1), out(2, 2), 2, 2, 0), floats(0, 1, 2, 3),
                        ints(1, 0), new float[] {2, 3, 0, 1}),
                // Batch b reads 4 b + 2 t0 + t1: (0,0) (1,1) | 4 + (1,1) (0,0) | 8 + (0,1) (1,0).
                new Probe("gather_nd1_docs_ex2_batch1", nd1(in(1, 3, 2, 2), u32(1, 3, 2, 2), out(1, 1, 3, 2), 3, 3,
                        1), floats(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), ints(0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0),
                        new float[] {0, 3, 7, 4, 9, 10}),
                // §11.4: the input's batch 4 is larger than the indices' 1; batch 0 reads (0,1) = 1 and (1,0) = 2.
                new Probe("nd1_batch_idx_smaller", nd1(in(1, 4, 2, 2), u32(1, 1, 2, 2), out(1, 1, 1, 2), 3, 3, 1),
                        floats(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), ints(0, 1, 1, 0),
                        new float[] {1, 2}),
                // §11.5: INT32 -1 and -3 wrap once: (2,2) = 9 and (0,0) = 1.
                new Probe("nd_neg_i32 (in-range tuples)", nd(in(3, 3), i32(2, 2), out(1, 2), 2, 2), oneTo(9),
                        ints(-1, -1, -3, 0), new float[] {9, 1}));
    }

    /**
     * Out-of-range indices and batches past the input: DirectML's linear walk, offsets in elements of the input
     * {3,3} (strides 3, 1) unless noted.
     */
    static Stream<Probe> directMl() {
        BufferTensorDesc in33 = in(3, 3);
        return Stream.of(
                // (0,3): 3 -> 4. (1,4): 7 -> 8. (2,100): 106 clamped to 8 -> 9. (1, 2^32 - 1): 3 + 2^32 - 1 wraps
                // to 2 -> 3.
                new Probe("nd_oob_inner_u32", nd(in33, u32(4, 2), out(1, 4), 2, 2), oneTo(9),
                        ints(0, 3, 1, 4, 2, 100, 1, 4294967295L), new float[] {4, 8, 9, 3}),
                // Rows 3, 4, 5 of a 64-byte buffer: offsets 9-11, 12-14, 15-17 clamped to 15.
                new Probe("nd_oob_outer_padded", nd(in33.withTotalTensorSizeInBytes(64), u32(3, 1), out(3, 3), 2, 2),
                        oneTo(16), ints(3, 4, 5), new float[] {10, 11, 12, 13, 14, 15, 16, 16, 16}),
                // (1,-4): -4 + 3 = -1, low 32 bits 2^32 - 1; 3 + 2^32 - 1 wraps to 2 -> 3. (-4,5): 3 (2^32 - 1) + 5
                // wraps to 2 -> 3.
                new Probe("nd_neg_i32", nd(in33, i32(4, 2), out(1, 4), 2, 2), oneTo(9),
                        ints(-1, -1, -3, 0, 1, -4, -4, 5), new float[] {9, 1, 3, 3}),
                // UINT64 2^64 - 1 is -1: (2,0) = 7. (2^32 + 1, 2^64 - 2): (1, 1) = 5. (0, 2^32): (0, 0) = 1.
                new Probe("nd_u64_i64", nd(in33, u64(3, 2), out(1, 3), 2, 2), oneTo(9),
                        longs(-1L, 0, 4294967297L, -2L, 0, 4294967296L), new float[] {7, 5, 1}),
                // The size-1 dimension keeps its index: rows 1 and 2 of the 64-byte buffer.
                new Probe("nd_size1_dim_padded", nd(in(1, 3).withTotalTensorSizeInBytes(64), u32(2, 1), out(2, 3),
                        2, 2), oneTo(16), ints(1, 2), new float[] {4, 5, 6, 7, 8, 9}),
                // ... and without padding every read clamps to element 2.
                new Probe("nd_size1_dim", nd(in(1, 3), u32(2, 1), out(2, 3), 2, 2), floats(1, 2, 3), ints(1, 2),
                        new float[] {3, 3, 3, 3, 3, 3}),
                // N = ceil(37 / 4) = 10: (2,3) is offset 9, bytes 36-39, not wholly inside 37 bytes -> 0.
                new Probe("nd_total37", nd(in33.withTotalTensorSizeInBytes(37), u32(2, 2), out(1, 2), 2, 2),
                        oneTo(10), ints(2, 3, 0, 1), new float[] {0, 2}),
                // 3 x 1431655765 = 2^32 - 1, clamped to 8, then +1 and +2 wrap to 0 and 1: 9 1 2. 3 x 1431655766 =
                // 2^32 + 2: 3 4 5. Each element's offset is wrapped and clamped on its own.
                new Probe("nd_stride_wrap_u32", nd(in33, u32(2, 1), out(2, 3), 2, 2), oneTo(9),
                        ints(1431655765L, 1431655766L), new float[] {9, 1, 2, 3, 4, 5}),
                // The input's batch dimension has size 1 and packed stride 4; batch b reads 4 b + 2 t0 + t1.
                new Probe("nd1_batch_input1_idx3", nd1(in(1, 1, 2, 2).withTotalTensorSizeInBytes(64),
                        u32(1, 3, 1, 2), out(1, 1, 3, 1), 3, 3, 1), oneTo(16), ints(0, 1, 1, 0, 1, 1),
                        new float[] {2, 7, 12}),
                // Strides {5, 1}: batch b reads 5 b + t: 0, 6, 12, 15.
                new Probe("nd1_batch_strided_bigger", nd1(strided(List.of(2L, 3L), List.of(5L, 1L))
                        .withTotalTensorSizeInBytes(64), u32(4, 1), out(1, 4), 2, 2, 1), oneTo(16), ints(0, 1, 2, 0),
                        new float[] {1, 7, 13, 16}),
                // 6 b + 3 t + s; batch 2 (past the input's 2) reads 15-17 clamped to 15, and 12-14.
                new Probe("nd1_batch_bigger_slices", nd1(in(2, 2, 3).withTotalTensorSizeInBytes(64), u32(3, 2, 1),
                        out(3, 2, 3), 3, 3, 1), oneTo(16), ints(1, 0, 0, 1, 1, 0),
                        new float[] {4, 5, 6, 1, 2, 3, 7, 8, 9, 10, 11, 12, 16, 16, 16, 13, 14, 15}),
                // §11.4: indices batch 5 against the input's 3; every batch (0,0) (1,1) at 4 b and 4 b + 3.
                new Probe("nd1_batch_idx_bigger", nd1(in(1, 3, 2, 2), u32(1, 5, 2, 2), out(1, 1, 5, 2), 3, 3, 1),
                        floats(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), ints(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1,
                                1, 0, 0, 1, 1), new float[] {0, 3, 4, 7, 8, 11, 11, 11, 11, 11}),
                new Probe("nd1_batch_idx_bigger_padded", nd1(in(1, 3, 2, 2).withTotalTensorSizeInBytes(80),
                        u32(1, 5, 2, 2), out(1, 1, 5, 2), 3, 3, 1), floats(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                13, 14, 15, 16, 17, 18, 19), ints(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0,
                                1, 1), new float[] {0, 3, 4, 7, 8, 11, 12, 15, 16, 19}));
    }

    /** §7.3 by hand: each coordinate clamped into its own dimension after the negative wrap. */
    @Test
    void clampAxisClampsEachCoordinateIntoItsDimension() {
        // nd_oob_inner_u32's tuples: (0,2) (1,2) (2,2) (1,2).
        assertArrayEquals(new float[] {3, 6, 9, 6}, floatsOf(run(nd(in(3, 3), u32(4, 2), out(1, 4), 2, 2),
                OutOfRangeModel.CLAMP_AXIS, oneTo(9), ints(0, 3, 1, 4, 2, 100, 1, 4294967295L)), 4));
        // nd_neg_i32's tuples: (2,2) (0,0) (1, -4 + 3 = -1 -> 0) (-4 + 3 -> 0, 5 -> 2).
        assertArrayEquals(new float[] {9, 1, 4, 3}, floatsOf(run(nd(in(3, 3), i32(4, 2), out(1, 4), 2, 2),
                OutOfRangeModel.CLAMP_AXIS, oneTo(9), ints(-1, -1, -3, 0, 1, -4, -4, 5)), 4));
        // A size-1 dimension has one position: nd_size1_dim reads row 0 twice.
        assertArrayEquals(new float[] {1, 2, 3, 1, 2, 3}, floatsOf(run(nd(in(1, 3), u32(2, 1), out(2, 3), 2, 2),
                OutOfRangeModel.CLAMP_AXIS, floats(1, 2, 3), ints(1, 2)), 6));
        // UINT64 read unsigned: 2^64 - 1 is past the end, so the last position: (2,0) = 7 and (0,2) = 3.
        assertArrayEquals(new float[] {7, 3}, floatsOf(run(nd(in(3, 3), u64(2, 2), out(1, 2), 2, 2),
                OutOfRangeModel.CLAMP_AXIS, oneTo(9), longs(-1L, 0, 0, -1L)), 2));
    }

    /** §7.3: the first out-of-range tuple coordinate in row-major output order; nothing written. */
    @Test
    void strictRefusesTheFirstOutOfRangeCoordinateAndWritesNothing() {
        // Ranges [-3, 3): tuples (0,1) (-1,-3) pass, (2,3) fails at its second coordinate before (5,0).
        byte[] untouched = floats(-7, -7, -7, -7);
        Outcome outcome = NaiveGatherNd.run(nd(in(3, 3), i32(4, 2), out(1, 4), 2, 2), OutOfRangeModel.STRICT,
                TensorBytes.of(oneTo(9)), TensorBytes.of(ints(0, 1, -1, -3, 2, 3, 5, 0)),
                TensorBytes.of(untouched.clone()));
        assertEquals(Optional.of(new Refusal(List.of(0L, 2L), "3")), outcome.refusal());
        assertArrayEquals(untouched, outcome.output());
        // With a slice: tuple 1 (row 4) fails; the coordinate is the first element of its slice.
        Outcome rows = NaiveGatherNd.run(nd(in(3, 3), u32(2, 1), out(2, 3), 2, 2), OutOfRangeModel.STRICT,
                TensorBytes.of(oneTo(9)), TensorBytes.of(ints(2, 4)), TensorBytes.of(new byte[24]));
        assertEquals(Optional.of(new Refusal(List.of(1L, 0L), "4")), rows.refusal());
    }

    /** §7.3: STRICT reads UINT64 unsigned, so 2^64 - 1 is refused, where DIRECTML reads it as -1 (the last row). */
    @Test
    void strictReadsUint64AsUnsigned() {
        OperatorDesc desc = nd(in(3, 3), u64(2, 2), out(1, 2), 2, 2);
        Outcome strict = NaiveGatherNd.run(desc, OutOfRangeModel.STRICT, TensorBytes.of(oneTo(9)),
                TensorBytes.of(longs(0, 0, -1L, 0)), TensorBytes.of(new byte[8]));
        assertEquals(Optional.of(new Refusal(List.of(0L, 1L), "18446744073709551615")), strict.refusal());
        assertArrayEquals(new float[] {1, 7}, floatsOf(run(desc, OutOfRangeModel.DIRECTML, oneTo(9),
                longs(0, 0, -1L, 0)), 2));
    }

    /** nd1_batch_idx_bigger's desc: only DirectML's walk answers batches past the input's. */
    @ParameterizedTest
    @EnumSource(value = OutOfRangeModel.class, names = {"STRICT", "CLAMP_AXIS"})
    void theProjectsPoliciesHaveNoAnswerForBatchesPastTheInput(OutOfRangeModel model) {
        assertThrows(IllegalArgumentException.class, () -> NaiveGatherNd.run(nd1(in(1, 3, 2, 2), u32(1, 5, 2, 2),
                out(1, 1, 5, 2), 3, 3, 1), model, TensorBytes.of(oneTo(12)), TensorBytes.of(new byte[80]),
                TensorBytes.of(new byte[40])));
    }

    /**
     * gather_nd_docs_ex1 with output strides {1, 3} (total 20): out[i, j] sits at element i + 3 j, so the buffer holds
     * 2 0 _ 3 1, the unaddressed element keeping its 0x5A bytes.
     */
    @Test
    void writesThroughOutputStridesAndLeavesOtherBytesAlone() {
        BufferTensorDesc output = strided(List.of(2L, 2L), List.of(1L, 3L));
        byte[] pattern = new byte[20];
        Arrays.fill(pattern, (byte) 0x5A);
        byte[] written = NaiveGatherNd.run(nd(in(2, 2), u32(2, 1), output, 2, 2), OutOfRangeModel.DIRECTML,
                TensorBytes.of(floats(0, 1, 2, 3)), TensorBytes.of(ints(1, 0)), TensorBytes.of(pattern)).output();
        float pad = Float.intBitsToFloat(0x5A5A5A5A);
        assertArrayEquals(new float[] {2, 0, pad, 3, 1}, floatsOf(written, 5));
    }

    /** Descs the real DLL refuses (docs/directml-behaviour.md §11.3), which the reference does not model. */
    static Stream<Probe> outsideTheModel() {
        return Stream.of(
                // q 3 > InputDimensionCount 2.
                new Probe("q_gt_indc", nd(in(1, 3, 3), u32(1, 1, 3), out(1, 1, 1), 2, 1), oneTo(9), ints(0, 0, 0),
                        null),
                // The docs' formula {1,2,2,2} for docs example 2.
                new Probe("docs_ex2_docs_formula_output", nd(in(1, 2, 2, 2), u32(1, 1, 2, 2), out(1, 2, 2, 2), 3, 2),
                        oneTo(8), ints(0, 1, 1, 0), null),
                // The input sizes before InputDimensionCount must be 1.
                new Probe("leading_input_not1", nd(in(2, 3, 3), u32(1, 1, 1), out(1, 1, 3), 2, 1), oneTo(18),
                        ints(0), null),
                // B 3 = InputDimensionCount 3.
                new Probe("b_eq_indc", nd1(in(1, 2, 2, 2), u32(1, 2, 2, 1), out(1, 2, 2, 2), 3, 4, 3), oneTo(8),
                        ints(0, 0, 0, 0), null));
    }

    @Override
    Ran reference(OperatorDesc desc, OutOfRangeModel model, TensorBytes input, TensorBytes indices,
            TensorBytes output) {
        Outcome outcome = NaiveGatherNd.run(desc, model, input, indices, output);
        return new Ran(outcome.output(), outcome.refusal());
    }

    private static GatherNdOperatorDesc nd(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc output,
            int inputCount, int indicesCount) {
        return new GatherNdOperatorDesc(input, indices, output, inputCount, indicesCount);
    }

    private static GatherNd1OperatorDesc nd1(BufferTensorDesc input, BufferTensorDesc indices,
            BufferTensorDesc output, int inputCount, int indicesCount, int batch) {
        return new GatherNd1OperatorDesc(input, indices, output, inputCount, indicesCount, batch);
    }
}

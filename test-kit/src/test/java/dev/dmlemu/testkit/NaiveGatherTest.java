package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.Bytes.bytes;
import static dev.dmlemu.testkit.Bytes.floats;
import static dev.dmlemu.testkit.Bytes.floatsOf;
import static dev.dmlemu.testkit.Bytes.ints;
import static dev.dmlemu.testkit.Bytes.longs;
import static dev.dmlemu.testkit.Bytes.oneTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.testkit.NaiveGather.Outcome;
import dev.dmlemu.testkit.NaiveGather.Refusal;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reference pinned to DML_GATHER outputs recorded on the real DirectML.dll 1.15.4 (the docs examples and the
 * referee's GATHER probes, each named as recorded) and to hand-computed values for the project's own policies
 * (docs/directml-behaviour.md §7.3). Inputs are FLOAT32 and indices UINT32 unless noted, as in the recordings.
 */
class NaiveGatherTest extends RecordedGatherOutputsTest {

    /** Every index in range: every model gives the recorded output. */
    static Stream<Probe> inRange() {
        return Stream.of(
                new Probe("gather_docs_ex1_1d", desc(in(4), u32(5), out(5), 0, 1), floats(11, 12, 13, 14),
                        ints(3, 1, 3, 0, 2), new float[] {14, 12, 14, 11, 13}),
                new Probe("gather_docs_ex2_axis0_rows", desc(in(3, 2), u32(1, 4), out(4, 2), 0, 1), oneTo(6),
                        ints(0, 1, 1, 2), new float[] {1, 2, 3, 4, 3, 4, 5, 6}),
                new Probe("gather_docs_ex3_index_dims1", desc(in(3, 2), u32(1, 2), out(3, 2), 1, 1), oneTo(6),
                        ints(1, 0), new float[] {2, 1, 4, 3, 6, 5}),
                // Formula {1,3} ++ {1,2} ++ {} = {1,3,1,2}, the leading 1 cropped.
                new Probe("gather_docs_ex4", desc(in(1, 3, 3), u32(1, 1, 2), out(3, 1, 2), 2, 2), oneTo(9),
                        ints(0, 2), new float[] {1, 3, 4, 6, 7, 9}),
                new Probe("gather_docs_ex5", desc(in(1, 3, 2), u32(1, 2, 2), out(2, 2, 2), 1, 2), oneTo(6),
                        ints(0, 1, 1, 2), new float[] {1, 2, 3, 4, 3, 4, 5, 6}),
                // A cropped entry above 1 is read at coordinate 0 (docs/directml-behaviour.md §10.3): formula
                // {3} ++ {1,2} = {3,1,2} cropped to {1,2} reads row 0 of the input at indices 1, 0.
                new Probe("crop_ex3_out12", desc(in(3, 2), u32(1, 2), out(1, 2), 1, 2), oneTo(6), ints(1, 0),
                        new float[] {2, 1}),
                // {2,3} ++ {1,2} = {2,3,1,2} cropped to {3,1,2}: input[0, r, idx] = 1 3 / 4 6 / 7 9.
                new Probe("crop_in233_k2", desc(in(2, 3, 3), u32(1, 1, 2), out(3, 1, 2), 2, 2), oneTo(18),
                        ints(0, 2), new float[] {1, 3, 4, 6, 7, 9}),
                new Probe("g_neg_i32", desc(in(3, 3), i32(1, 4), out(3, 4), 1, 1), oneTo(9), ints(-1, -2, -3, 0),
                        new float[] {3, 2, 1, 1, 6, 5, 4, 4, 9, 8, 7, 7}),
                // IndexDimensions 0: the formula {1} ++ {} ++ {2} = {1,2}, padded with output dim 0.
                new Probe("g_idxdims0", desc(in(1, 3, 2), u32(1, 1, 1), out(1, 1, 2), 1, 0), oneTo(6), ints(2),
                        new float[] {5, 6}),
                new Probe("g_idxdims0_1d_scalar", desc(in(3), u32(1), out(1), 0, 0), oneTo(3), ints(2),
                        new float[] {3}),
                new Probe("g_idxdims_eq_rank_fits", desc(in(1, 1, 3), u32(1, 1, 2), out(1, 1, 2), 2, 3), oneTo(3),
                        ints(2, 0), new float[] {3, 1}),
                new Probe("g_idxdims_eq_rank_1d", desc(in(3), u32(2), out(2), 0, 1), oneTo(3), ints(2, 0),
                        new float[] {3, 1}),
                new Probe("g_idxdims2_rank2_full", desc(in(1, 3), u32(2, 2), out(2, 2), 1, 2), oneTo(3),
                        ints(2, 0, 1, 1), new float[] {3, 1, 2, 2}),
                new Probe("g_out_leading1_moved_idx1", desc(in(1, 3, 3), u32(1, 1, 2), out(1, 3, 2), 2, 1),
                        oneTo(9), ints(0, 2), new float[] {1, 3, 4, 6, 7, 9}),
                new Probe("g_strided_broadcast", desc(strided(List.of(3L, 3L), List.of(0L, 1L)), u32(1, 2),
                        out(2, 3), 0, 1), floats(7, 8, 9), ints(2, 1), new float[] {7, 8, 9, 7, 8, 9}),
                // gather-heap-bug.*: IndexDimensions - 1 > Axis; DirectML's outputs there are the documented answer.
                // IndexDimensions 0 with indices {1,3} along a last axis of 3 (docs/directml-behaviour.md §10.4): the
                // indices dimension is read along output dimension 1, so row r takes index r: 10 50 90.
                new Probe("k0_k_in33_ax1_idx13_out13", desc(in(3, 3), u32(1, 3), out(1, 3), 1, 0),
                        floats(10, 20, 30, 40, 50, 60, 70, 80, 90), ints(0, 1, 2), new float[] {10, 50, 90}),
                // Issue 27's desc: output {1,1} has no dimension after its leading 1s, so only index 0 (2) is read.
                new Probe("k0_idx13_out11", desc(in(1, 3), u32(1, 3), out(1, 1), 1, 0), floats(10, 20, 30),
                        ints(2, 0, 1), new float[] {30}),
                new Probe("k0_e_in133_ax2_idx113_out113", desc(in(1, 3, 3), u32(1, 1, 3), out(1, 1, 3), 2, 0),
                        floats(10, 20, 30, 40, 50, 60, 70, 80, 90), ints(0, 1, 2), new float[] {10, 50, 90}),
                new Probe("g_idxdims2_cropped_leading1", desc(in(3, 2), u32(1, 4), out(4, 2), 0, 2), oneTo(6),
                        ints(0, 1, 1, 2), new float[] {1, 2, 3, 4, 3, 4, 5, 6}),
                new Probe("crop_control_axis1_k2", desc(in(1, 3, 2), u32(1, 1, 4), out(1, 4, 2), 1, 2), oneTo(6),
                        ints(0, 1, 1, 2), new float[] {1, 2, 3, 4, 3, 4, 5, 6}),
                new Probe("crop_bad_axis0_k3", desc(in(1, 1, 3), i32(1, 1, 1), out(1, 1, 3), 0, 3), oneTo(3),
                        ints(0), new float[] {1, 2, 3}));
    }

    /**
     * Out-of-range indices and k = 0 padding rows: DirectML's linear walk. By hand for a few: g_oob_inner_u32 row 1:
     * offset 3 + 4294967295 wraps to 2, so 3. g_neg_oob_i32: -4 + 3 = -1, low 32 bits 0xFFFFFFFF; row 0 clamps to
     * element 15 (16), row 1 wraps to 3 - 1 = 2 (3). g_axis_size1_oob_index: the size-1 axis keeps the index (GATHER,
     * unlike GATHER_ELEMENTS): index 1 reads offsets 3-5, clamped to 2. k0_out_leading2_2d: out[o0, o1] reads 2 o1 + 1
     * + 14 o0, so row 0 is 2 4 ... 14 and rows 1-2 clamp to 14.
     */
    static Stream<Probe> directMl() {
        BufferTensorDesc in33 = in(3, 3);
        BufferTensorDesc in33Total64 = in33.withTotalTensorSizeInBytes(64);
        return Stream.of(
                new Probe("g_oob_inner_u32", desc(in33, u32(1, 4), out(3, 4), 1, 1), oneTo(9),
                        ints(3, 4, 100, 4294967295L), new float[] {4, 5, 9, 9, 7, 8, 9, 3, 9, 9, 9, 6}),
                new Probe("g_oob_inner_padded", desc(in33Total64, u32(1, 4), out(3, 4), 1, 1), oneTo(16),
                        ints(3, 4, 5, 6), new float[] {4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 12, 13}),
                new Probe("g_oob_outer_padded", desc(in33Total64, u32(1, 3), out(3, 3), 0, 1), oneTo(16),
                        ints(3, 4, 0), new float[] {10, 11, 12, 13, 14, 15, 1, 2, 3}),
                new Probe("g_neg_oob_i32", desc(in33Total64, i32(1, 4), out(3, 4), 1, 1), oneTo(16),
                        ints(-4, -5, -100, Integer.MIN_VALUE), new float[] {16, 16, 16, 16, 3, 2, 16, 16, 6, 5, 16,
                            16}),
                new Probe("g_neg_u64_as_signed", desc(in33, u64(1, 3), out(3, 3), 1, 1), oneTo(9),
                        longs(-1L, -2L, 4294967297L), new float[] {3, 2, 2, 6, 5, 5, 9, 8, 8}),
                new Probe("g_i64_big", desc(in33, i64(1, 3), out(3, 3), 1, 1), oneTo(9),
                        longs(4294967297L, -4294967295L, 4294967296L), new float[] {2, 5, 1, 5, 8, 4, 8, 9, 7}),
                new Probe("g_axis_size1_oob_index", desc(in(1, 3), u32(1, 2), out(2, 3), 0, 1), oneTo(3),
                        ints(1, 5), new float[] {3, 3, 3, 3, 3, 3}),
                new Probe("g_axis_size1_padded", desc(in(1, 3).withTotalTensorSizeInBytes(64), u32(1, 2), out(2, 3),
                        0, 1), oneTo(16), ints(1, 2), new float[] {4, 5, 6, 7, 8, 9}),
                // N = ceil(37 / 4) = 10; row 2's index 3 reads offset 9, bytes 36-39, not wholly inside 37 bytes.
                new Probe("g_total_bytes_37", desc(in33.withTotalTensorSizeInBytes(37), u32(1, 2), out(3, 2), 1, 1),
                        oneTo(10), ints(3, 1), new float[] {4, 2, 7, 5, 0, 8}),
                new Probe("k0_out_leading2", desc(in(5), u32(1), out(2), 0, 0), floats(10, 20, 30, 40, 50), ints(3),
                        new float[] {40, 50}),
                new Probe("k0_out_leading2_2d", desc(in(7, 2), u32(1, 1), out(3, 7), 1, 0), oneTo(14), ints(1),
                        new float[] {2, 4, 6, 8, 10, 12, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14}),
                // Probes of the padding dimension's term, same harness (the brief's measurements, run again):
                // P = 5 without Strides: offsets 0, 5, 10, clamped to 4.
                new Probe("k0_in5_out3_idx0", desc(in(5), u32(1), out(3), 0, 0), floats(10, 20, 30, 40, 50),
                        ints(0), new float[] {10, 50, 50}),
                // P = 0 with Strides, even packed ones: every row reads offset 0.
                new Probe("k0_in3_strides2_total40_out3", desc(strided(List.of(3L), List.of(2L))
                        .withTotalTensorSizeInBytes(40), u32(1), out(3), 0, 0),
                        floats(10, 20, 30, 40, 50, 60, 70, 80, 90, 100), ints(0), new float[] {10, 10, 10}),
                new Probe("k0_in5_strides1_out3", desc(strided(List.of(5L), List.of(1L)), u32(1), out(3), 0, 0),
                        floats(10, 20, 30, 40, 50), ints(0), new float[] {10, 10, 10}),
                // P is the product of the sizes (6), not the declared element count (16): out[o0, o1] reads
                // in[o1, 1] plus 6 o0, offsets 1 4 | 7 10 | 13 16, the last clamped to 15.
                new Probe("k0_in23_total64_ax1_idx1_out32", desc(in(2, 3).withTotalTensorSizeInBytes(64), u32(1, 1),
                        out(3, 2), 1, 0), oneTo(16), ints(1), new float[] {2, 5, 8, 11, 14, 16}),
                // P = 0 at DimensionCount 4 and 8 even without Strides: every row repeats the first.
                new Probe("pad_r4_idx2", desc(in(1, 1, 1, 3), u32(1, 1, 1, 1), out(3, 1, 1, 1), 3, 0), oneTo(3),
                        ints(2), new float[] {3, 3, 3}),
                new Probe("pad_r8", desc(in(1, 1, 1, 1, 1, 1, 1, 3).withTotalTensorSizeInBytes(36),
                        u32(1, 1, 1, 1, 1, 1, 1, 1), out(3, 1, 1, 1, 1, 1, 1, 1), 7, 0), oneTo(9), ints(1),
                        new float[] {2, 2, 2}),
                // ... while at 3 and 5 dimensions the rows step by the element count, 3.
                new Probe("pad_r5", desc(in(1, 1, 1, 1, 3).withTotalTensorSizeInBytes(36), u32(1, 1, 1, 1, 1),
                        out(3, 1, 1, 1, 1), 4, 0), oneTo(9), ints(0), new float[] {1, 4, 7}));
    }

    /** Recorded g_int64_data_u64_idx: INT64 data, UINT64 indices, the 64-bit extremes moved unchanged. */
    @Test
    void int64DataWithUint64Indices() {
        GatherOperatorDesc desc = desc(BufferTensorDesc.packed(TensorDataType.INT64, 3, 2), u64(1, 4),
                BufferTensorDesc.packed(TensorDataType.INT64, 4, 2), 0, 1);
        byte[] output = run(desc, OutOfRangeModel.DIRECTML, longs(-1, -2, -3, -4, Long.MAX_VALUE, Long.MIN_VALUE),
                longs(2, 0, 1, 2));
        assertArrayEquals(longs(Long.MAX_VALUE, Long.MIN_VALUE, -1, -2, -3, -4, Long.MAX_VALUE, Long.MIN_VALUE),
                output);
    }

    /** Recorded g_8d: UINT8 at rank 8, Axis 6, IndexDimensions 2; formula of 9 dims, the leading 1 cropped. */
    @Test
    void uint8AtRank8() {
        GatherOperatorDesc desc = desc(BufferTensorDesc.packed(TensorDataType.UINT8, 1, 1, 1, 1, 1, 1, 2, 3),
                u32(1, 1, 1, 1, 1, 1, 2, 2), BufferTensorDesc.packed(TensorDataType.UINT8, 1, 1, 1, 1, 1, 2, 2, 3), 6,
                2);
        byte[] output = run(desc, OutOfRangeModel.DIRECTML, bytes(1, 2, 3, 4, 5, 6, 0, 0), ints(1, 0, 0, 1));
        assertArrayEquals(bytes(4, 5, 6, 1, 2, 3, 1, 2, 3, 4, 5, 6), Arrays.copyOf(output, 12));
    }

    /** Recorded gather_u8_5_total_bytes_8: UINT8 {5} declared as 8 bytes, index 4 reads 5. */
    @Test
    void uint8WithADeclaredTotalRoundedUpToFour() {
        GatherOperatorDesc desc = desc(BufferTensorDesc.packed(TensorDataType.UINT8, 5).withTotalTensorSizeInBytes(8),
                u32(1), BufferTensorDesc.packed(TensorDataType.UINT8, 1), 0, 0);
        byte[] output = run(desc, OutOfRangeModel.DIRECTML, bytes(1, 2, 3, 4, 5, 6, 7, 8), ints(4));
        assertEquals(5, output[0]);
    }

    /**
     * Recorded g_out_strided: logical output 1 2 3 4 3 4 5 6 through Strides {1, 4} on {4, 2}, so out[i, j] sits at
     * element i + 4 j: the buffer holds 1 3 3 5 2 4 4 6.
     */
    @Test
    void writesThroughOutputStrides() {
        BufferTensorDesc output = BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(4L, 2L), List.of(1L, 4L));
        GatherOperatorDesc desc = desc(in(3, 2), u32(1, 4), output, 0, 1);
        assertArrayEquals(new float[] {1, 3, 3, 5, 2, 4, 4, 6}, floatsOf(run(desc, OutOfRangeModel.DIRECTML,
                oneTo(6), ints(0, 1, 1, 2)), 8));
    }

    /** §7.3 by hand: each read stays in its own row, at the axis' first or last position. */
    @Test
    void clampAxisKeepsEachReadOnItsAxis() {
        // g_oob_inner_u32's indices 3 4 100 4294967295: all past the axis, column 2 of each row.
        assertArrayEquals(new float[] {3, 3, 3, 3, 6, 6, 6, 6, 9, 9, 9, 9}, clampAxis(desc(in(3, 3), u32(1, 4),
                out(3, 4), 1, 1), oneTo(9), ints(3, 4, 100, 4294967295L), 12));
        // g_neg_oob_i32's indices -4 -5 -100 -2^31: all below -3, column 0.
        assertArrayEquals(new float[] {1, 1, 1, 1, 4, 4, 4, 4, 7, 7, 7, 7}, clampAxis(desc(in(3, 3), i32(1, 4),
                out(3, 4), 1, 1), oneTo(9), ints(-4, -5, -100, Integer.MIN_VALUE), 12));
        // g_i64_big's 2^32 + 1, -(2^32 - 1), 2^32: last, first, last column.
        assertArrayEquals(new float[] {3, 1, 3, 6, 4, 6, 9, 7, 9}, clampAxis(desc(in(3, 3), i64(1, 3), out(3, 3), 1,
                1), oneTo(9), longs(4294967297L, -4294967295L, 4294967296L), 9));
        // g_neg_u64_as_signed's indices read unsigned are all huge: column 2, where DIRECTML reads -1 and -2.
        assertArrayEquals(new float[] {3, 3, 3, 6, 6, 6, 9, 9, 9}, clampAxis(desc(in(3, 3), u64(1, 3), out(3, 3), 1,
                1), oneTo(9), longs(-1L, -2L, 4294967297L), 9));
        // g_axis_size1_oob_index: a size-1 axis has one position, so its only row.
        assertArrayEquals(new float[] {1, 2, 3, 1, 2, 3}, clampAxis(desc(in(1, 3), u32(1, 2), out(2, 3), 0, 1),
                oneTo(3), ints(1, 5), 6));
    }

    /**
     * k0_out_leading2's desc: DirectML reads 40 50, the second row walking past the input. The project's policies
     * follow the formula, which has no such row, so they have no answer; a padding dimension of 1 they do answer.
     */
    @ParameterizedTest
    @EnumSource(value = OutOfRangeModel.class, names = {"STRICT", "CLAMP_AXIS"})
    void theProjectsPoliciesHaveNoAnswerForPaddingRows(OutOfRangeModel model) {
        assertThrows(IllegalArgumentException.class, () -> NaiveGather.run(desc(in(5), u32(1), out(2), 0, 0), model,
                TensorBytes.of(floats(10, 20, 30, 40, 50)), TensorBytes.of(ints(3)), TensorBytes.of(new byte[8])));
        assertArrayEquals(new float[] {40}, floatsOf(run(desc(in(5), u32(1), out(1), 0, 0), model,
                floats(10, 20, 30, 40, 50), ints(3)), 1));
    }

    /** §7.3: the first out-of-range index in row-major output order, with the output coordinate; nothing written. */
    @Test
    void strictRefusesTheFirstOutOfRangeIndexAndWritesNothing() {
        // {3,2} along axis 0 by indices 0 2 3: rows 0 and 1 of the output read in range, (2, 0) reads index 3.
        byte[] untouched = floats(-7, -7, -7, -7, -7, -7);
        Outcome outcome = NaiveGather.run(desc(in(3, 2), i32(1, 3), out(3, 2), 0, 1), OutOfRangeModel.STRICT,
                TensorBytes.of(oneTo(6)), TensorBytes.of(ints(0, 2, 3)), TensorBytes.of(untouched.clone()));
        assertEquals(Optional.of(new Refusal(List.of(2L, 0L), "3")), outcome.refusal());
        assertArrayEquals(untouched, outcome.output());
        // Range [-3, 3) along axis 1: -1 and -3 pass, -4 at (0, 2) fails before 5 at (0, 3).
        Outcome inner = NaiveGather.run(desc(in(3, 3), i32(1, 4), out(3, 4), 1, 1), OutOfRangeModel.STRICT,
                TensorBytes.of(oneTo(9)), TensorBytes.of(ints(-1, -3, -4, 5)), TensorBytes.of(new byte[48]));
        assertEquals(Optional.of(new Refusal(List.of(0L, 2L), "-4")), inner.refusal());
    }

    /** §7.3: STRICT reads UINT64 unsigned, so 2^64 - 1 is refused, where DIRECTML reads it as -1 (the last one). */
    @Test
    void strictReadsUint64AsUnsigned() {
        GatherOperatorDesc desc = desc(in(3), u64(2), out(2), 0, 1);
        Outcome strict = NaiveGather.run(desc, OutOfRangeModel.STRICT, TensorBytes.of(oneTo(3)),
                TensorBytes.of(longs(0, -1)), TensorBytes.of(new byte[8]));
        assertEquals(Optional.of(new Refusal(List.of(1L), "18446744073709551615")), strict.refusal());
        assertArrayEquals(new float[] {1, 3}, floatsOf(run(desc, OutOfRangeModel.DIRECTML, oneTo(3), longs(0, -1)),
                2));
    }

    /**
     * gather_docs_ex2 with each tensor at an offset in a larger array and the output rows 3 elements apart: the
     * padding between rows, the bytes before the output and those after it keep their 0x5A.
     */
    @Test
    void writesThroughOffsetsAndLeavesOtherBytesAlone() {
        BufferTensorDesc output = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2, List.of(4L, 2L),
                Optional.of(List.of(3L, 1L)), 44, 0);
        GatherOperatorDesc desc = desc(in(3, 2), u32(1, 4), output, 0, 1);
        byte[] input = new byte[5 + 24];
        System.arraycopy(oneTo(6), 0, input, 5, 24);
        byte[] indices = new byte[8 + 16];
        System.arraycopy(ints(0, 1, 1, 2), 0, indices, 8, 16);
        byte[] pattern = new byte[4 + 44 + 3];
        Arrays.fill(pattern, (byte) 0x5A);
        byte[] given = pattern.clone();
        byte[] written = NaiveGather.run(desc, OutOfRangeModel.DIRECTML, new TensorBytes(input, 5),
                new TensorBytes(indices, 8), new TensorBytes(pattern, 4)).output();
        float pad = Float.intBitsToFloat(0x5A5A5A5A);
        assertArrayEquals(new float[] {1, 2, pad, 3, 4, pad, 3, 4, pad, 5, 6},
                floatsOf(Arrays.copyOfRange(written, 4, 48), 11));
        assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A, 0x5A}, Arrays.copyOf(written, 4));
        assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A}, Arrays.copyOfRange(written, 48, 51));
        assertArrayEquals(given, pattern, "the given array is left as it was");
    }

    /**
     * Output strides {1, 2} on {4, 2} put (0, 1) and (2, 0) both at element 2, and (1, 1) and (3, 0) at element 3
     * (docs/directml-behaviour.md §6.3, OUTPUT_OVERLAP): in row-major order the later write wins.
     */
    @Test
    void overlappingOutputElementsKeepTheLastWrite() {
        BufferTensorDesc output = BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(4L, 2L), List.of(1L, 2L));
        GatherOperatorDesc desc = desc(in(3, 2), u32(1, 4), output, 0, 1);
        assertArrayEquals(new float[] {1, 3, 3, 5, 4, 6}, floatsOf(run(desc, OutOfRangeModel.DIRECTML, oneTo(6),
                ints(0, 1, 1, 2)), 6));
    }

    /** Descs the real DLL refuses with E_INVALIDARG. */
    static Stream<Probe> outsideTheModel() {
        return Stream.of(
                // Formula {3} ++ {1,2} = {3,1,2}, cropped to {1,2}: the printed output {3,2} is not that.
                new Probe("gather_docs_ex3_as_printed", desc(in(3, 2), u32(1, 2), out(3, 2), 1, 2), oneTo(6),
                        ints(1, 0), null),
                new Probe("g_out_transposed_same_count", desc(in(3, 2), u32(1, 4), out(2, 4), 0, 1), oneTo(6),
                        ints(0, 1, 1, 2), null),
                new Probe("g_idxdims1_nonmeaningful_dim_not1", desc(in(3, 2), u32(2, 4), out(4, 2), 0, 1), oneTo(6),
                        ints(0, 1, 1, 2, 2, 2, 2, 2), null),
                new Probe("g_idxdims_gt_rank", desc(in(1, 1, 3), u32(1, 1, 2), out(1, 1, 2), 2, 4), oneTo(3),
                        ints(2, 0), null),
                // IndexDimensions 0, indices {1,3} along Axis 0: more indices sizes than Axis (§10.4).
                new Probe("k0_l_in33_ax0_idx13_out13", desc(in(3, 3), u32(1, 3), out(1, 3), 0, 0),
                        floats(10, 20, 30, 40, 50, 60, 70, 80, 90), ints(0, 1, 2), null),
                // IndexDimensions 0, indices {1,2} where the input has {3} after its leading 1.
                new Probe("k0_a_in13_ax1_idx12_out11", desc(in(1, 3), u32(1, 2), out(1, 1), 1, 0), floats(10, 20, 30),
                        ints(0, 1), null));
    }

    static Stream<RecordedScalarIndexProbes.Execution> scalarIndexProbes() {
        return RecordedScalarIndexProbes.executions().stream();
    }

    /**
     * IndexDimensions 0, 318 of them with one index per output element: the 632 descs of
     * {@link RecordedScalarIndexProbes} run on DirectML.dll 1.15.4 (ranks 1 to 8, every data and index type, strided,
     * padded, out-of-range indices, output dimension 0 above 1), each output equal to DirectML's bit for bit.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("scalarIndexProbes")
    void givesDirectMlsOutputForEveryRecordedScalarIndexProbe(RecordedScalarIndexProbes.Execution probe) {
        Outcome outcome = NaiveGather.run(probe.desc(), OutOfRangeModel.DIRECTML, new TensorBytes(probe.input(), 0),
                new TensorBytes(probe.indices(), 0), new TensorBytes(probe.freshOutput(), 0));
        assertArrayEquals(probe.expected(), outcome.output());
    }

    private float[] clampAxis(GatherOperatorDesc desc, byte[] input, byte[] indices, int count) {
        return floatsOf(run(desc, OutOfRangeModel.CLAMP_AXIS, input, indices), count);
    }

    @Override
    Ran reference(OperatorDesc desc, OutOfRangeModel model, TensorBytes input, TensorBytes indices,
            TensorBytes output) {
        Outcome outcome = NaiveGather.run((GatherOperatorDesc) desc, model, input, indices, output);
        return new Ran(outcome.output(), outcome.refusal());
    }

    private static GatherOperatorDesc desc(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc output,
            int axis, int indexDimensions) {
        return new GatherOperatorDesc(input, indices, output, axis, indexDimensions);
    }
}

package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.Bytes.floats;
import static dev.dmlemu.testkit.Bytes.floatsOf;
import static dev.dmlemu.testkit.Bytes.ints;
import static dev.dmlemu.testkit.Bytes.longs;
import static dev.dmlemu.testkit.Bytes.oneTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.testkit.NaiveGatherElements.Outcome;
import dev.dmlemu.testkit.NaiveGatherElements.Refusal;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reference pinned to values from docs/directml-behaviour.md (the docs example, §6.4, the recorded probes of §7.2)
 * and to hand-computed ones for the project's own policies (§7.3). Inputs are FLOAT32 1, 2, 3, ... unless noted.
 */
class NaiveGatherElementsTest {

    private static final byte[] DOCS_INDICES = ints(1, 2, 0, 2, 0, 0);
    private static final float[] DOCS_OUTPUT = {4, 8, 3, 7, 2, 3};

    /** §6.1: Input {3,3}, Indices {2,3} UINT32 [[1,2,0],[2,0,0]], Axis 0; all in range, so every model agrees. */
    @ParameterizedTest
    @EnumSource(OutOfRangeModel.class)
    void docsExample(OutOfRangeModel model) {
        GatherElementsOperatorDesc desc = desc(packed(3, 3), packed(TensorDataType.UINT32, 2, 3), 0);
        assertArrayEquals(DOCS_OUTPUT, floatsOf(run(desc, model, oneTo(9), DOCS_INDICES), 6));
    }

    /** §6.1 and §6.4: the docs example with INT64 indices and -1 for the last row: [[1,2,0],[-1,0,0]]. */
    @Test
    void docsExampleWithANegativeInt64Index() {
        GatherElementsOperatorDesc desc = desc(packed(3, 3), packed(TensorDataType.INT64, 2, 3), 0);
        byte[] output = run(desc, OutOfRangeModel.DIRECTML, oneTo(9), longs(1, 2, 0, -1, 0, 0));
        assertArrayEquals(DOCS_OUTPUT, floatsOf(output, 6));
        assertEquals(24, output.length);
    }

    /** §6.1, measured: the docs example at 4-D ({1,1,3,3}, Axis 2) with UINT32, INT32 and INT64 indices. */
    @ParameterizedTest
    @EnumSource(value = TensorDataType.class, names = {"UINT32", "INT32", "INT64"})
    void docsExampleAt4d(TensorDataType indexType) {
        byte[] indices = indexType == TensorDataType.INT64 ? longs(1, 2, 0, 2, 0, 0) : DOCS_INDICES;
        GatherElementsOperatorDesc desc = desc(packed(1, 1, 3, 3), packed(indexType, 1, 1, 2, 3), 2);
        assertArrayEquals(DOCS_OUTPUT, floatsOf(run(desc, OutOfRangeModel.DIRECTML, oneTo(9), indices), 6));
    }

    /** §6.4, measured: negative INT32 indices count from the end once; -1 -2 -3 2 0 -1 gives 7 5 3 7 2 9. */
    @ParameterizedTest
    @EnumSource(OutOfRangeModel.class)
    void negativeSignedIndicesCountFromTheEnd(OutOfRangeModel model) {
        GatherElementsOperatorDesc desc = desc(packed(1, 1, 3, 3), packed(TensorDataType.INT32, 1, 1, 2, 3), 2);
        byte[] output = run(desc, model, oneTo(9), ints(-1, -2, -3, 2, 0, -1));
        assertArrayEquals(new float[] {7, 5, 3, 7, 2, 9}, floatsOf(output, 6));
    }

    /** One probe recorded on the real DLL (emulator's RealDmlGoldenCases), described by hand. */
    record Probe(String name, BufferTensorDesc input, float[] inputValues, BufferTensorDesc indices,
            byte[] indexBytes, int axis, float[] expected) {

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * §7.1 and §7.2: the recorded outputs. The walk, by hand for a few: inner_axis_oob row 2: -4 + 3 = -1, low 32
     * bits 0xFFFFFFFF, (6 + 0xFFFFFFFF) mod 2^32 = 5, so 6; 100 gives offset 106, clamped to the last element, 9 (16
     * with 64 bytes declared). total37: offsets 9-11 clamp to element 9, which is not
     * wholly inside 37 bytes, so 0. u32_stride_overflow: 3 x 1431655765 = 2^32 - 1, clamped to 8; 3 x 1431655766 + 1
     * wraps to 3. u64_big: 2^64 - 1 is -1, so the last column; 2^32 - 1 from row 2's offset 6 wraps to 5.
     */
    static Stream<Probe> recordedProbes() {
        BufferTensorDesc input = packed(1, 1, 3, 3);
        BufferTensorDesc input64 = input.withTotalTensorSizeInBytes(64);
        float[] oneTo16 = floatsOf(oneTo(16), 16);
        float[] oneTo9 = floatsOf(oneTo(9), 9);
        return Stream.of(
                new Probe("inner_axis_oob", input, oneTo9, packed(TensorDataType.INT32, 1, 1, 3, 3),
                        ints(3, 4, 5, 3, 4, 5, -4, -5, 100), 3, new float[] {4, 5, 6, 7, 8, 9, 6, 5, 9}),
                new Probe("inner_axis_oob_padded_total", input64, oneTo16, packed(TensorDataType.INT32, 1, 1, 3, 3),
                        ints(3, 4, 5, 3, 4, 5, -4, -5, 100), 3, new float[] {4, 5, 6, 7, 8, 9, 6, 5, 16}),
                new Probe("outer_axis_oob_padded_total", input64, oneTo16, packed(TensorDataType.UINT32, 1, 1, 2, 3),
                        ints(3, 7, 100, 4294967295L, 0, 1), 2, new float[] {10, 16, 16, 16, 2, 6}),
                new Probe("strided_input_oob", strided(List.of(1L, 1L, 3L, 3L), List.of(0L, 0L, 4L, 1L)),
                        new float[] {1, 2, 3, 100, 4, 5, 6, 200, 7, 8, 9, 300},
                        packed(TensorDataType.INT32, 1, 1, 3, 3), ints(3, 4, 5, 3, 3, 3, 3, 3, 100), 3,
                        new float[] {100, 4, 5, 200, 200, 200, 9, 9, 9}),
                new Probe("axis0_rank2_oob", packed(3, 3), oneTo9, packed(TensorDataType.INT32, 2, 3),
                        ints(3, 3, 3, -4, -4, -4), 0, new float[] {9, 9, 9, 9, 9, 9}),
                new Probe("i64_big", input, oneTo9, packed(TensorDataType.INT64, 1, 1, 3, 3),
                        longs(4294967297L, 4294967296L, -4294967295L, 0, 1, 2, 2147483648L, -2147483649L,
                                Long.MAX_VALUE), 3, new float[] {2, 1, 5, 4, 5, 6, 9, 9, 6}),
                new Probe("u64_big", input, oneTo9, packed(TensorDataType.UINT64, 1, 1, 3, 3),
                        longs(4294967297L, 4294967296L, -1L, 0, 1, 2, 2147483648L, 4294967295L, 3), 3,
                        new float[] {2, 1, 3, 4, 5, 6, 9, 6, 9}),
                new Probe("total37", input.withTotalTensorSizeInBytes(37), floatsOf(oneTo(10), 10),
                        packed(TensorDataType.INT32, 1, 1, 1, 3), ints(3, 3, 3), 2, new float[] {0, 0, 0}),
                new Probe("i32_min", packed(3, 3), oneTo9, packed(TensorDataType.INT32, 3, 3),
                        ints(Integer.MIN_VALUE, Integer.MAX_VALUE, -3, Integer.MIN_VALUE, Integer.MAX_VALUE, -3, -1, -2,
                                -3), 1, new float[] {9, 9, 1, 9, 9, 4, 9, 8, 7}),
                new Probe("u32_stride_overflow", packed(3, 3), oneTo9, packed(TensorDataType.UINT32, 2, 3),
                        ints(1431655765L, 1431655766L, 2863311531L, 0, 0, 0), 0, new float[] {9, 4, 4, 1, 2, 3}));
    }

    @ParameterizedTest
    @MethodSource("recordedProbes")
    void directMlWalksLinearlyThroughTheInputBuffer(Probe p) {
        GatherElementsOperatorDesc desc = desc(p.input(), p.indices(), p.axis());
        byte[] output = run(desc, OutOfRangeModel.DIRECTML, floats(p.inputValues()), p.indexBytes());
        assertArrayEquals(p.expected(), floatsOf(output, p.expected().length));
    }

    /** §7.3, by hand: past the axis clamps to its last position, below -size to its first; UINT32 never wraps. */
    @Test
    void clampAxisKeepsEachReadInItsOwnColumn() {
        GatherElementsOperatorDesc u32 = desc(packed(1, 1, 3, 3), packed(TensorDataType.UINT32, 1, 1, 2, 3), 2);
        // 3, 7, 100, 4294967295 -> row 2; 0 -> row 0; 1 -> row 1 (column by column: 7 8 9 / 7 2 6).
        assertArrayEquals(new float[] {7, 8, 9, 7, 2, 6}, floatsOf(run(u32, OutOfRangeModel.CLAMP_AXIS, oneTo(9),
                ints(3, 7, 100, 4294967295L, 0, 1)), 6));
        // The same indices under DIRECTML: the recorded out_of_range_u32, 9 9 9 9 2 6.
        assertArrayEquals(new float[] {9, 9, 9, 9, 2, 6}, floatsOf(run(u32, OutOfRangeModel.DIRECTML, oneTo(9),
                ints(3, 7, 100, 4294967295L, 0, 1)), 6));

        GatherElementsOperatorDesc i32 = desc(packed(1, 1, 3, 3), packed(TensorDataType.INT32, 1, 1, 3, 3), 3);
        // inner_axis_oob's indices: 3 4 5 clamp to column 2 of their row; -4, -5 to column 0; 100 to column 2.
        assertArrayEquals(new float[] {3, 3, 3, 6, 6, 6, 7, 7, 9}, floatsOf(run(i32, OutOfRangeModel.CLAMP_AXIS,
                oneTo(9), ints(3, 4, 5, 3, 4, 5, -4, -5, 100)), 9));
    }

    /** §7.3: the first out-of-range index in row-major order, with its coordinate; nothing is written. */
    @Test
    void strictRefusesTheFirstOutOfRangeIndexAndWritesNothing() {
        GatherElementsOperatorDesc desc = desc(packed(3, 3), packed(TensorDataType.INT32, 2, 3), 0);
        byte[] untouched = floats(-7, -7, -7, -7, -7, -7);
        // Range [-3, 3): 1, -3, 0, 0 pass; -4 at (1, 1) is the first to fail, before 5 at (1, 2).
        Outcome outcome = NaiveGatherElements.run(desc, OutOfRangeModel.STRICT, TensorBytes.of(oneTo(9)),
                TensorBytes.of(ints(1, -3, 0, 0, -4, 5)), TensorBytes.of(untouched.clone()));
        assertEquals(Optional.of(new Refusal(List.of(1L, 1L), "-4")), outcome.refusal());
        assertArrayEquals(untouched, outcome.output());
    }

    /** §7.3: STRICT reads UINT64 unsigned, so 2^64 - 1 is refused, where DIRECTML reads it as -1 (the last one). */
    @Test
    void strictReadsUint64AsUnsigned() {
        GatherElementsOperatorDesc desc = desc(packed(3), packed(TensorDataType.UINT64, 2), 0);
        Outcome strict = NaiveGatherElements.run(desc, OutOfRangeModel.STRICT, TensorBytes.of(oneTo(3)),
                TensorBytes.of(longs(0, -1)), TensorBytes.of(new byte[8]));
        assertEquals(Optional.of(new Refusal(List.of(1L), "18446744073709551615")), strict.refusal());
        assertArrayEquals(new float[] {1, 3}, floatsOf(run(desc, OutOfRangeModel.DIRECTML, oneTo(3), longs(0, -1)),
                2));
    }

    /** Recorded: broadcast_input_stride0 (1 2 3 1 2 3) and strided_input_transposed (2 6 7 3 4 7). */
    @Test
    void readsThroughInputStrides() {
        BufferTensorDesc broadcast = strided(List.of(1L, 1L, 3L, 3L), List.of(0L, 0L, 0L, 1L));
        BufferTensorDesc transposed = strided(List.of(1L, 1L, 3L, 3L), List.of(9L, 9L, 1L, 3L));
        BufferTensorDesc indices = packed(TensorDataType.UINT32, 1, 1, 2, 3);
        assertArrayEquals(new float[] {1, 2, 3, 1, 2, 3}, floatsOf(run(desc(broadcast, indices, 2),
                OutOfRangeModel.DIRECTML, oneTo(3), DOCS_INDICES), 6));
        assertArrayEquals(new float[] {2, 6, 7, 3, 4, 7}, floatsOf(run(desc(transposed, indices, 2),
                OutOfRangeModel.DIRECTML, oneTo(9), DOCS_INDICES), 6));
    }

    /**
     * The docs example with each tensor at an offset in a larger array and the output rows 4 elements apart: the
     * padding between rows, the bytes before the output and the bytes after it keep their 0x5A.
     */
    @Test
    void writesThroughOffsetsAndOutputStridesAndLeavesOtherBytesAlone() {
        BufferTensorDesc output = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2, List.of(2L, 3L),
                Optional.of(List.of(4L, 1L)), 28, 0);
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(packed(3, 3),
                packed(TensorDataType.UINT32, 2, 3), output, 0);
        byte[] input = new byte[5 + 36];
        System.arraycopy(oneTo(9), 0, input, 5, 36);
        byte[] indices = new byte[8 + 24];
        System.arraycopy(DOCS_INDICES, 0, indices, 8, 24);
        byte[] pattern = new byte[4 + 32 + 3];
        Arrays.fill(pattern, (byte) 0x5A);
        byte[] given = pattern.clone();
        byte[] written = NaiveGatherElements.run(desc, OutOfRangeModel.DIRECTML, new TensorBytes(input, 5),
                new TensorBytes(indices, 8), new TensorBytes(pattern, 4)).output();
        float pad = Float.intBitsToFloat(0x5A5A5A5A);
        assertArrayEquals(new float[] {4, 8, 3, pad, 7, 2, 3, pad},
                floatsOf(Arrays.copyOfRange(written, 4, 36), 8));
        assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A, 0x5A}, Arrays.copyOf(written, 4));
        assertArrayEquals(new byte[] {0x5A, 0x5A, 0x5A}, Arrays.copyOfRange(written, 36, 39));
        assertArrayEquals(given, pattern, "the given array is left as it was");
    }

    /**
     * Output strides {4, 2} on {2, 3} put (0, 2) and (1, 0) both at element 4 (docs/directml-behaviour.md §6.3,
     * OUTPUT_OVERLAP): in row-major order the later one, 7, wins.
     */
    @Test
    void overlappingOutputElementsKeepTheLastWrite() {
        BufferTensorDesc output = BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(2L, 3L), List.of(4L, 2L));
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(packed(3, 3),
                packed(TensorDataType.UINT32, 2, 3), output, 0);
        byte[] written = run(desc, OutOfRangeModel.DIRECTML, oneTo(9), DOCS_INDICES);
        assertArrayEquals(new float[] {4, 0, 8, 0, 7, 0, 2, 0, 3}, floatsOf(written, 9));
    }

    private static byte[] run(GatherElementsOperatorDesc desc, OutOfRangeModel model, byte[] input, byte[] indices) {
        long total = ((BufferTensorDesc) desc.outputTensor()).totalTensorSizeInBytes();
        Outcome outcome = NaiveGatherElements.run(desc, model, TensorBytes.of(input), TensorBytes.of(indices),
                TensorBytes.of(new byte[(int) total]));
        assertEquals(Optional.empty(), outcome.refusal());
        return outcome.output();
    }

    private static GatherElementsOperatorDesc desc(BufferTensorDesc input, BufferTensorDesc indices, int axis) {
        long[] sizes = indices.sizes().stream().mapToLong(Long::longValue).toArray();
        return new GatherElementsOperatorDesc(input, indices, BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes),
                axis);
    }

    private static BufferTensorDesc packed(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static BufferTensorDesc packed(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    private static BufferTensorDesc strided(List<Long> sizes, List<Long> strides) {
        return BufferTensorDesc.strided(TensorDataType.FLOAT32, sizes, strides);
    }
}

package dev.dmlemu.emulator;

import static dev.dmlemu.emulator.Kernels.floats;
import static dev.dmlemu.emulator.Kernels.floatsOf;
import static dev.dmlemu.emulator.Kernels.ints;
import static dev.dmlemu.emulator.Kernels.le;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The public facade: validated operators in, bytes out; binding checks; policies; threads; lifecycle. */
class EmulatorTest {

    // The DirectML docs example at 4-D: Input {1,1,3,3} = 1..9, Indices {1,1,2,3}, Axis 2.
    private static final GatherElementsOperatorDesc DOCS = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    private static ValidatedOperator validated(GatherElementsOperatorDesc desc) {
        return new FeatureLevelValidator().validate(desc, FeatureLevel.LEVEL_6_4).validated();
    }

    private static Bindings bindings(ByteBuffer input, ByteBuffer indices, ByteBuffer output) {
        return Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output));
    }

    @Test
    void describesItself() {
        try (Emulator emulator = new Emulator()) {
            assertEquals("emulator", emulator.name());
            assertEquals(FeatureLevel.newest(), emulator.maxFeatureLevel());
            assertEquals(EmulatorOptions.defaults(), emulator.options());
            assertEquals(IndexPolicy.DIRECTML, emulator.options().indexPolicy());
            assertEquals(1, emulator.options().threads());
        }
    }

    @Test
    void runsTheDocsExample() {
        ValidatedOperator op = validated(DOCS);
        try (Emulator emulator = new Emulator(); PreparedOperator prepared = emulator.prepare(op)) {
            assertSame(op, prepared.operator());
            ByteBuffer output = le(24);
            prepared.execute(bindings(floats(1, 2, 3, 4, 5, 6, 7, 8, 9), ints(1, 2, 0, 2, 0, 0), output));
            assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3}, floatsOf(output));
        }
    }

    @Test
    void perAxisClampKeepsEachReadInItsOwnColumn() {
        // Indices 3 7 100 4294967295 (all past the axis of size 3) clamp to 2; expected by hand from 1..9.
        try (Emulator emulator = new Emulator(EmulatorOptions.builder().indexPolicy(IndexPolicy.CLAMP_AXIS).build());
                PreparedOperator prepared = emulator.prepare(validated(DOCS))) {
            ByteBuffer output = le(24);
            prepared.execute(bindings(floats(1, 2, 3, 4, 5, 6, 7, 8, 9), ints(3, 7, 100, -1, 0, 1), output));
            assertArrayEquals(new float[] {7, 8, 9, 7, 2, 6}, floatsOf(output));
        }
    }

    @Test
    void directMlPolicyReadsLinearlyThroughTheBuffer() {
        // The DLL's recorded output for these indices (cases/examples.expected, out_of_range_u32): 9 9 9 9 2 6.
        try (Emulator emulator = new Emulator(); PreparedOperator prepared = emulator.prepare(validated(DOCS))) {
            ByteBuffer output = le(24);
            prepared.execute(bindings(floats(1, 2, 3, 4, 5, 6, 7, 8, 9), ints(3, 7, 100, -1, 0, 1), output));
            assertArrayEquals(new float[] {9, 9, 9, 9, 2, 6}, floatsOf(output));
        }
    }

    @Test
    void strictReportsTheFirstOutOfRangeIndexAndWritesNothing() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 3),
                BufferTensorDesc.packed(TensorDataType.INT32, 2, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3), 0);
        try (Emulator emulator = new Emulator(EmulatorOptions.defaults().withIndexPolicy(IndexPolicy.STRICT));
                PreparedOperator prepared = emulator.prepare(validated(desc))) {
            ByteBuffer output = floats(-7, -7, -7, -7, -7, -7);
            IndexOutOfRangeException e = assertThrows(IndexOutOfRangeException.class, () -> prepared.execute(
                    bindings(floats(1, 2, 3, 4, 5, 6, 7, 8, 9), ints(1, -3, 0, 0, -4, 5), output)));
            assertEquals(List.of(1L, 1L), e.outputCoordinate());
            assertEquals("-4", e.indexValue());
            assertEquals(3, e.axisSize());
            assertTrue(e.getMessage().contains("IndicesTensor: index -4 at output coordinate [1, 1]"), e.getMessage());
            assertTrue(e.getMessage().contains("[-3, 2]"), e.getMessage());
            assertArrayEquals(new float[] {-7, -7, -7, -7, -7, -7}, floatsOf(output));
        }
    }

    @Test
    void strictReadsUint64AsUnsigned() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3),
                BufferTensorDesc.packed(TensorDataType.UINT64, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2), 0);
        try (Emulator emulator = new Emulator(EmulatorOptions.defaults().withIndexPolicy(IndexPolicy.STRICT));
                PreparedOperator prepared = emulator.prepare(validated(desc))) {
            IndexOutOfRangeException e = assertThrows(IndexOutOfRangeException.class, () -> prepared.execute(
                    bindings(floats(1, 2, 3), Kernels.longs(2, -1), le(8))));
            assertEquals("18446744073709551615", e.indexValue());
            assertEquals(List.of(1L), e.outputCoordinate());
        }
    }

    @Test
    void movesBitsUnchanged() {
        // NaN with a payload, -0.0, and float16 / 64-bit patterns copied as raw bits.
        int nan = 0x7FA0_1234;
        GatherElementsOperatorDesc f32 = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2),
                BufferTensorDesc.packed(TensorDataType.INT32, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3), 0);
        ByteBuffer output = le(12);
        try (Emulator emulator = new Emulator()) {
            emulator.prepare(validated(f32)).execute(bindings(ints(nan, 0x8000_0000), ints(1, 0, -1), output));
            assertEquals(0x8000_0000, output.getInt(0));
            assertEquals(nan, output.getInt(4));
            assertEquals(0x8000_0000, output.getInt(8));

            GatherElementsOperatorDesc f16 = new GatherElementsOperatorDesc(
                    BufferTensorDesc.packed(TensorDataType.FLOAT16, 3),
                    BufferTensorDesc.packed(TensorDataType.INT64, 3),
                    BufferTensorDesc.packed(TensorDataType.FLOAT16, 3), 0);
            ByteBuffer half = le(8).putShort(0, (short) 0x7E01).putShort(2, (short) 0x8000).putShort(4, (short) 0xFC00);
            ByteBuffer halfOut = le(8);
            emulator.prepare(validated(f16)).execute(bindings(half, Kernels.longs(2, 0, 1), halfOut));
            assertEquals((short) 0xFC00, halfOut.getShort(0));
            assertEquals((short) 0x7E01, halfOut.getShort(2));
            assertEquals((short) 0x8000, halfOut.getShort(4));
            assertEquals(0, halfOut.getShort(6), "padding after the last element stays as it was");
        }
    }

    @Test
    void leavesUnaddressedOutputBytesAlone() {
        // Output {2,3} with strides {4,1}: elements 3 and 7 of the 8-element buffer are padding.
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.INT32, 3, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 2, 3),
                BufferTensorDesc.strided(TensorDataType.INT32, List.of(2L, 3L), List.of(4L, 1L)), 0);
        ByteBuffer output = ints(-1, -1, -1, 0xCDCDCDCD, -1, -1, -1, 0xABABABAB);
        try (Emulator emulator = new Emulator()) {
            emulator.prepare(validated(desc)).execute(bindings(ints(1, 2, 3, 4, 5, 6, 7, 8, 9),
                    ints(1, 2, 0, 2, 0, 0), output));
        }
        assertEquals(List.of(4, 8, 3, 0xCDCDCDCD, 7, 2, 3, 0xABABABAB), intList(output));
    }

    @Test
    void readsLittleEndianWhateverTheBufferOrderAndPosition() {
        ByteBuffer input = ByteBuffer.allocateDirect(36).order(ByteOrder.LITTLE_ENDIAN);
        for (int v = 1; v <= 9; v++) {
            input.putFloat(v);
        }
        input.order(ByteOrder.BIG_ENDIAN); // position 36, limit 36: neither may matter
        ByteBuffer indices = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        indices.position(16);
        for (int v : new int[] {1, 2, 0, 2, 0, 0}) {
            indices.putInt(v);
        }
        indices.order(ByteOrder.BIG_ENDIAN).limit(20);
        ByteBuffer output = ByteBuffer.allocate(32).order(ByteOrder.BIG_ENDIAN);
        try (Emulator emulator = new Emulator()) {
            emulator.prepare(validated(DOCS)).execute(Bindings.of(BufferBinding.of(input),
                    new BufferBinding(indices, 16, 24), new BufferBinding(output, 8, 24)));
        }
        float[] all = floatsOf(output);
        assertArrayEquals(new float[] {0, 0, 4, 8, 3, 7, 2, 3}, all);
    }

    @Test
    void refusesBindingsThatDoNotFit() {
        try (Emulator emulator = new Emulator(); PreparedOperator prepared = emulator.prepare(validated(DOCS))) {
            ByteBuffer input = floats(1, 2, 3, 4, 5, 6, 7, 8, 9);
            ByteBuffer indices = ints(1, 2, 0, 2, 0, 0);
            assertMessage(prepared, Bindings.of(new BufferBinding(input, 0, 32), BufferBinding.of(indices),
                    BufferBinding.of(le(24))), "InputTensor: binding SizeInBytes 32 is less than "
                    + "TotalTensorSizeInBytes 36");
            assertMessage(prepared, Bindings.of(new BufferBinding(input, 4, 36), BufferBinding.of(indices),
                    BufferBinding.of(le(24))), "InputTensor: binding [Offset 4, Offset + SizeInBytes 40) does not "
                    + "lie inside the buffer's capacity 36");
            assertMessage(prepared, bindings(input, indices, le(24).asReadOnlyBuffer()),
                    "OutputTensor: the output buffer is read-only");
            assertMessage(prepared, Bindings.of(BufferBinding.of(input), BufferBinding.of(indices)),
                    "GATHER_ELEMENTS takes 3 bindings");
            assertMessage(prepared, bindings(input, ints(1, 2, 0), le(24)),
                    "IndicesTensor: binding SizeInBytes 12 is less than TotalTensorSizeInBytes 24");
        }
    }

    @Test
    void refusesAnOffsetOffTheGuaranteedAlignment() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                ((BufferTensorDesc) DOCS.inputTensor()).withGuaranteedBaseOffsetAlignment(16), DOCS.indicesTensor(),
                DOCS.outputTensor(), 2);
        try (Emulator emulator = new Emulator(); PreparedOperator prepared = emulator.prepare(validated(desc))) {
            ByteBuffer input = le(48);
            assertMessage(prepared, Bindings.of(new BufferBinding(input, 8, 40), BufferBinding.of(ints(0, 0, 0, 0,
                    0, 0)), BufferBinding.of(le(24))), "InputTensor: binding Offset 8 is not a multiple of "
                    + "GuaranteedBaseOffsetAlignment 16");
        }
    }

    private static void assertMessage(PreparedOperator prepared, Bindings bindings, String start) {
        OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                () -> prepared.execute(bindings));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    /** Two threads and concurrent callers on one prepared operator; expected values by formula. */
    @Test
    void splitsLargeExecutionsAndServesConcurrentCallers() throws Exception {
        int rows = 300;
        int cols = 400;
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.INT32, rows, cols),
                BufferTensorDesc.packed(TensorDataType.INT64, rows, cols),
                BufferTensorDesc.packed(TensorDataType.INT32, rows, cols), 1);
        ByteBuffer input = le(rows * cols * 4);
        ByteBuffer indices = le(rows * cols * 8);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                input.putInt((i * cols + j) * 4, i * 1000 + j);
                indices.putLong((i * cols + j) * 8, (i * 7L + j * 3L) % cols - (j % 2 == 0 ? cols : 0));
            }
        }
        ExecutorService callers = Executors.newFixedThreadPool(3);
        try (Emulator emulator = new Emulator(EmulatorOptions.builder().threads(2).build());
                PreparedOperator prepared = emulator.prepare(validated(desc))) {
            List<Future<ByteBuffer>> outputs = new ArrayList<>();
            for (int k = 0; k < 6; k++) {
                outputs.add(callers.submit(() -> {
                    ByteBuffer output = le(rows * cols * 4);
                    prepared.execute(bindings(input, indices, output));
                    return output;
                }));
            }
            for (Future<ByteBuffer> future : outputs) {
                ByteBuffer output = future.get();
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < cols; j++) {
                        long column = (i * 7L + j * 3L) % cols;
                        assertEquals(i * 1000 + column, output.getInt((i * cols + j) * 4));
                    }
                }
            }
        } finally {
            callers.shutdown();
        }
    }

    @Test
    void closedEmulatorsAndOperatorsRefuseWork() {
        Emulator emulator = new Emulator(EmulatorOptions.builder().threads(2).build());
        PreparedOperator prepared = emulator.prepare(validated(DOCS));
        PreparedOperator other = emulator.prepare(validated(DOCS));
        other.close();
        other.close();
        assertThrows(IllegalStateException.class, () -> other.execute(bindings(le(36), le(24), le(24))));
        emulator.close();
        emulator.close();
        assertThrows(IllegalStateException.class, () -> emulator.prepare(validated(DOCS)));
        assertThrows(IllegalStateException.class, () -> prepared.execute(bindings(le(36), le(24), le(24))));
    }

    @Test
    void optionsRefuseBadThreadCounts() {
        assertThrows(IllegalArgumentException.class, () -> EmulatorOptions.builder().threads(0).build());
        assertThrows(IllegalArgumentException.class, () -> new EmulatorOptions(IndexPolicy.STRICT, 257));
        assertThrows(NullPointerException.class, () -> new EmulatorOptions(null, 1));
    }

    private static List<Integer> intList(ByteBuffer b) {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < b.capacity() / 4; i++) {
            values.add(b.order(ByteOrder.LITTLE_ENDIAN).getInt(i * 4));
        }
        return values;
    }
}

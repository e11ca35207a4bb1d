package dev.dmlemu.emulator;

import static dev.dmlemu.emulator.Kernels.floatsOf;
import static dev.dmlemu.emulator.Kernels.ints;
import static dev.dmlemu.emulator.Kernels.le;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * DML_GATHER's mapping onto the shared engine and the slice order, with expectations computed by hand from the
 * formula and DirectML's linear walk (docs/directml-behaviour.md §7.1 and §10). The referee's own outputs are in
 * {@link RealDmlGoldenTest}.
 */
class DmlGatherKernelTest {

    private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

    @AfterAll
    static void shutDown() {
        POOL.shutdownNow();
    }

    /** Input {2,3,8} holding 0..47, gathered along axis 1 by indices {1,1,2}: rows of 8 elements are slices. */
    private static GatherOperatorDesc slices() {
        return new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3, 8),
                BufferTensorDesc.packed(TensorDataType.INT32, 1, 1, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 2, 8), 1, 1);
    }

    private static ByteBuffer counting(int n) {
        ByteBuffer b = le(n * 4);
        for (int i = 0; i < n; i++) {
            b.putFloat(i * 4, i);
        }
        return b;
    }

    private static float[] run(GatherExecution execution, ByteBuffer input, ByteBuffer indices, int outputCount) {
        ByteBuffer output = le(outputCount * 4);
        execution.execute(Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output)));
        return floatsOf(output);
    }

    private static float[] row(float... values) {
        return values;
    }

    private static float[] concat(float[]... rows) {
        int n = 0;
        for (float[] r : rows) {
            n += r.length;
        }
        float[] all = new float[n];
        int at = 0;
        for (float[] r : rows) {
            System.arraycopy(r, 0, all, at, r.length);
            at += r.length;
        }
        return all;
    }

    private static float[] range(int from) {
        float[] r = new float[8];
        for (int t = 0; t < 8; t++) {
            r[t] = from + t;
        }
        return r;
    }

    private static float[] repeat(float value) {
        float[] r = new float[8];
        Arrays.fill(r, value);
        return r;
    }

    @Test
    void inRangeSlicesAreWholeInputRows() {
        GatherExecution execution = Kernels.prepare(slices(), IndexPolicy.DIRECTML);
        assertTrue(execution.sliced());
        // indices [2, 0]: out[b, j, :] = in[b, idx[j], :]; in[b, r, t] = 24b + 8r + t.
        assertArrayEquals(concat(range(16), range(0), range(40), range(24)),
                run(execution, counting(48), ints(2, 0), 32));
    }

    @Test
    void negativeIndicesWrapAndOutOfRangeOnesWalkOn() {
        // Index 3 in batch 0 starts at 0 + 3 * 8 = 24, the next batch's first row; in batch 1 it starts at 48, past
        // the buffer, so every element clamps to the last one (47). -1 wraps to row 2.
        float[] expected = concat(range(24), range(16), repeat(47), range(40));
        assertArrayEquals(expected,
                run(Kernels.prepare(slices(), IndexPolicy.DIRECTML), counting(48), ints(3, -1), 32));
        GatherExecution threaded = GatherExecution.prepare(slices(), DmlGatherKernel.space(slices()),
                IndexSemantics.SIGNED_WRAP, IndexPolicy.DIRECTML, Kernels.threeThreads(POOL), KernelTuning.DEFAULT);
        assertArrayEquals(expected, run(threaded, counting(48), ints(3, -1), 32));
    }

    @Test
    void clampAxisAndStrictPolicies() {
        assertArrayEquals(concat(range(16), range(16), range(40), range(40)),
                run(Kernels.prepare(slices(), IndexPolicy.CLAMP_AXIS), counting(48), ints(3, -1), 32));
        IndexOutOfRangeException e = assertThrows(IndexOutOfRangeException.class,
                () -> run(Kernels.prepare(slices(), IndexPolicy.STRICT), counting(48), ints(3, -1), 32));
        assertEquals(List.of(0L, 0L, 0L), e.outputCoordinate());
        assertEquals("3", e.indexValue());
    }

    @Test
    void sizeOneAxisDoesNotIgnoreTheIndex() {
        // Input {1,8}, axis 0: GatherElements would read row 0 for any index; Gather reads index 1 as the next row,
        // past the buffer, so it clamps to the last element (7).
        GatherOperatorDesc desc = new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 8), 0, 1);
        assertArrayEquals(concat(range(0), repeat(7)),
                run(Kernels.prepare(desc, IndexPolicy.DIRECTML), counting(8), ints(0, 1), 16));
    }

    @Test
    void indexDimensionsMapOntoTheOutputInTheMiddle() {
        // Input {1,3,2}, indices {1,2,2}, axis 2, IndexDimensions 2: the formula {1,3} ++ {2,2} = {1,3,2,2} is
        // cropped to {3,2,2}, so the index dimensions are output dimensions 1 and 2.
        GatherOperatorDesc desc = new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3, 2),
                BufferTensorDesc.packed(TensorDataType.INT64, 1, 2, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 2, 2), 2, 2);
        ByteBuffer indices = le(32);
        long[] values = {1, 0, 0, 0};
        for (int i = 0; i < values.length; i++) {
            indices.putLong(i * 8, values[i]);
        }
        // out[r, i, j] = in[0, r, idx[i, j]]: rows (0 1), (2 3), (4 5) give 1 0 0 0, 3 2 2 2, 5 4 4 4.
        assertArrayEquals(row(1, 0, 0, 0, 3, 2, 2, 2, 5, 4, 4, 4),
                run(Kernels.prepare(desc, IndexPolicy.DIRECTML), counting(6), indices, 12));
        assertFalse(Kernels.prepare(desc, IndexPolicy.DIRECTML).sliced());
    }

    @Test
    void paddingRowsPastTheInputNeedTheDirectMlPolicy() {
        GatherOperatorDesc desc = new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 5),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2), 0, 0);
        // Measured on DirectML.dll 1.15.4 (k0_out_leading2): index 3 reads 40 50 from 10 20 30 40 50.
        ByteBuffer input = le(20);
        for (int i = 0; i < 5; i++) {
            input.putFloat(i * 4, 10 * (i + 1));
        }
        assertArrayEquals(row(40, 50), run(Kernels.prepare(desc, IndexPolicy.DIRECTML), input, ints(3), 2));
        OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                () -> Kernels.prepare(desc, IndexPolicy.STRICT));
        assertTrue(e.getMessage().contains("OutputTensor.Sizes[0] 2 with IndexDimensions 0 reads past the input"),
                e.getMessage());
    }

    @Test
    void paddingRowsBeyondTwoGigabytesAreRefused() {
        // 2^24 float32 elements, 66 padding rows stepping by 2^24 elements: row 65 starts 65 * 2^26 bytes in.
        GatherOperatorDesc desc = new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1 << 24),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 66), 0, 0);
        OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                () -> Kernels.prepare(desc, IndexPolicy.DIRECTML));
        assertTrue(e.getMessage().contains("reads up to byte 4362076160 past the input's start"), e.getMessage());
    }

    @Test
    void refusesWhatTheValidatorWouldReject() {
        GatherOperatorDesc wrongOutput = new GatherOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 2),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 4), 0, 1);
        assertThrows(IllegalArgumentException.class, () -> DmlGatherKernel.space(wrongOutput));
        GatherOperatorDesc leadingIndices = new GatherOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 2),
                BufferTensorDesc.packed(TensorDataType.UINT32, 2, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 4, 2), 0, 1);
        assertThrows(IllegalArgumentException.class, () -> DmlGatherKernel.space(leadingIndices));
    }
}

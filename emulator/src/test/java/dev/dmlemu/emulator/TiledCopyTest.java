package dev.dmlemu.emulator;

import static dev.dmlemu.emulator.Kernels.ints;
import static dev.dmlemu.emulator.Kernels.le;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tiled order (an axis outside the innermost dimension) gathers each tile from a copy of its input lines for
 * every element size: large shapes take that path with the kernel's own tile size, and raw bits survive the copy.
 */
class TiledCopyTest {

    private static final TensorDataType[] ELEMENTS = {TensorDataType.UINT8, TensorDataType.FLOAT16,
        TensorDataType.FLOAT32, TensorDataType.FLOAT64};
    private static final TensorDataType[] INDICES = {TensorDataType.INT32, TensorDataType.INT64};

    @Test
    void largeTiledShapesOfEveryElementSizeCopyTheirTiles() {
        for (TensorDataType element : ELEMENTS) {
            for (TensorDataType index : INDICES) {
                // 4096x4096 on axis 0; the same with a transposed input; 64x512x512 gathered to 64x256x512 on axis 1.
                List<GatherElementsOperatorDesc> descs = List.of(
                        new GatherElementsOperatorDesc(BufferTensorDesc.packed(element, 4096, 4096),
                                BufferTensorDesc.packed(index, 4096, 4096),
                                BufferTensorDesc.packed(element, 4096, 4096), 0),
                        new GatherElementsOperatorDesc(
                                BufferTensorDesc.strided(element, List.of(4096L, 4096L), List.of(1L, 4096L)),
                                BufferTensorDesc.packed(index, 4096, 4096),
                                BufferTensorDesc.packed(element, 4096, 4096), 0),
                        new GatherElementsOperatorDesc(BufferTensorDesc.packed(element, 64, 512, 512),
                                BufferTensorDesc.packed(index, 64, 256, 512),
                                BufferTensorDesc.packed(element, 64, 256, 512), 1));
                for (GatherElementsOperatorDesc desc : descs) {
                    for (IndexPolicy policy : IndexPolicy.values()) {
                        GatherExecution execution = Kernels.prepare(desc, IndexSemantics.SIGNED_WRAP,
                                policy, Parallelism.ONE_THREAD, KernelTuning.DEFAULT);
                        assertTrue(execution.tilesBulk(), () -> element + "/" + index + " " + desc + " " + policy);
                    }
                }
            }
        }
    }

    /**
     * FLOAT64 {3, 2} gathered on axis 0 in tiles of one column: NaN payloads (signalling, negative quiet), -0.0, the
     * smallest subnormal and +inf come out bit for bit. Expected values by hand.
     */
    @Test
    void float64BitsSurviveTheTileCopy() {
        long[] input = {0x7FF0_0000_0000_0001L, 0x8000_0000_0000_0000L, 0xFFF8_0000_DEAD_BEEFL,
            0x3FF8_0000_0000_0000L, 0x0000_0000_0000_0001L, 0x7FF0_0000_0000_0000L};
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT64, 3, 2),
                BufferTensorDesc.packed(TensorDataType.INT32, 2, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT64, 2, 2), 0);
        ByteBuffer output = le(32);
        run(desc, Kernels.longs(input), ints(1, 0, -1, 2), output);
        // [[in[1][0], in[0][1]], [in[2][0] (-1 wraps to 2), in[2][1]]]
        assertEquals(0xFFF8_0000_DEAD_BEEFL, output.getLong(0));
        assertEquals(0x8000_0000_0000_0000L, output.getLong(8));
        assertEquals(0x0000_0000_0000_0001L, output.getLong(16));
        assertEquals(0x7FF0_0000_0000_0000L, output.getLong(24));
    }

    /**
     * FLOAT16 {3, 2} gathered on axis 0 into an output padded to 3 elements per row: NaN payloads, -0.0 and a
     * subnormal come out bit for bit, and the padding keeps its bytes. Expected values by hand.
     */
    @Test
    void float16BitsSurviveTheTileCopyAndPaddingStaysUntouched() {
        short[] input = {0x7C01, (short) 0xFE00, (short) 0x8000, 0x0001, 0x3C00, (short) 0xFC00};
        ByteBuffer inputBytes = le(12);
        for (int i = 0; i < input.length; i++) {
            inputBytes.putShort(2 * i, input[i]);
        }
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT16, 3, 2),
                BufferTensorDesc.packed(TensorDataType.INT64, 2, 2),
                BufferTensorDesc.strided(TensorDataType.FLOAT16, List.of(2L, 2L), List.of(3L, 1L)), 0);
        ByteBuffer output = le(12);
        for (int i = 0; i < 6; i++) {
            output.putShort(2 * i, (short) 0x5A5A);
        }
        run(desc, inputBytes, Kernels.longs(0, 1, 1, -1), output);
        // Row 0: in[0][0], in[1][1]; padding; row 1: in[1][0], in[2][1] (-1 wraps to 2); trailing padding.
        assertEquals((short) 0x7C01, output.getShort(0));
        assertEquals((short) 0x0001, output.getShort(2));
        assertEquals((short) 0x5A5A, output.getShort(4));
        assertEquals((short) 0x8000, output.getShort(6));
        assertEquals((short) 0xFC00, output.getShort(8));
        assertEquals((short) 0x5A5A, output.getShort(10));
    }

    private static void run(GatherElementsOperatorDesc desc, ByteBuffer input, ByteBuffer indices, ByteBuffer output) {
        GatherExecution execution = Kernels.prepare(desc, IndexSemantics.SIGNED_WRAP, IndexPolicy.DIRECTML,
                Parallelism.ONE_THREAD, KernelTuning.DEFAULT.withForcedTile(1));
        assertTrue(execution.tilesBulk(), "the tiled copy is taken");
        execution.execute(Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output)));
    }
}

package dev.dmlemu.emulator;

import static dev.dmlemu.emulator.Kernels.floats;
import static dev.dmlemu.emulator.Kernels.floatsOf;
import static dev.dmlemu.emulator.Kernels.ints;
import static dev.dmlemu.emulator.Kernels.le;
import static dev.dmlemu.emulator.Kernels.longs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The copied-row loops for 32-bit elements gather a plain run of in-range indices first and hand the rest of the
 * row to the general loop at the first index that needs a wrap or a policy. These rows break their run mid-row, and
 * the padded output puts indices and output at the same position in row 0 and two elements apart in row 1.
 */
class PlainRunTest {

    private static final float NAN_PAD = Float.intBitsToFloat(0x7FC0_1234);

    // Input 2x6 = 1..12, axis 1; per-axis clamp, signed indices wrap. Expected values worked out by hand:
    // row 0 {5, 0, 2, -1, 7, 1} -> 6 1 3 6 6 2 (-1 wraps to 5, 7 clamps to 5);
    // row 1 {1, 1, -6, 4, 9, 3} -> 8 8 7 11 12 10 (-6 wraps to 0, 9 clamps to 5).
    private static final long[] INDICES = {5, 0, 2, -1, 7, 1, 1, 1, -6, 4, 9, 3};
    private static final float[] EXPECTED_PACKED = {6, 1, 3, 6, 6, 2, 8, 8, 7, 11, 12, 10};

    enum IndexWidth { INT32, INT64 }

    @ParameterizedTest
    @EnumSource(IndexWidth.class)
    void runsBreakAtTheFirstIndexThatNeedsTheGeneralLoop(IndexWidth width) {
        GatherElementsOperatorDesc desc = desc(width, BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 6));
        ByteBuffer output = le(48);
        run(desc, width, output);
        assertArrayEquals(EXPECTED_PACKED, floatsOf(output));
    }

    @ParameterizedTest
    @EnumSource(IndexWidth.class)
    void runsWriteThroughAnOutputOffsetAndLeavePaddingAlone(IndexWidth width) {
        // Output rows 8 elements apart: row 1's output starts at element 8, its indices at element 6.
        GatherElementsOperatorDesc desc = desc(width,
                BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(2L, 6L), List.of(8L, 1L)));
        ByteBuffer output = le(56);
        for (int i = 0; i < 14; i++) {
            output.putFloat(i * 4, NAN_PAD);
        }
        run(desc, width, output);
        float[] expected = {6, 1, 3, 6, 6, 2, NAN_PAD, NAN_PAD, 8, 8, 7, 11, 12, 10};
        float[] actual = floatsOf(output);
        for (int i = 0; i < expected.length; i++) {
            assertTrue(Float.floatToRawIntBits(expected[i]) == Float.floatToRawIntBits(actual[i]),
                    "element " + i + ": expected " + expected[i] + ", got " + actual[i]);
        }
    }

    private static GatherElementsOperatorDesc desc(IndexWidth width, BufferTensorDesc output) {
        TensorDataType indexType = width == IndexWidth.INT32 ? TensorDataType.INT32 : TensorDataType.INT64;
        return new GatherElementsOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 6),
                BufferTensorDesc.packed(indexType, 2, 6), output, 1);
    }

    private static void run(GatherElementsOperatorDesc desc, IndexWidth width, ByteBuffer output) {
        // Rows of 6 are copied when the shortest copied row is 1 element, which puts them on the plain-run loops.
        GatherExecution execution = GatherExecution.prepare(desc, IndexSemantics.SIGNED_WRAP, IndexPolicy.CLAMP_AXIS,
                1, null, GatherExecution.PARALLEL_THRESHOLD, 0, 1);
        assertTrue(execution.rowsBulk(), "the case must take the copied-row loops");
        ByteBuffer indices;
        if (width == IndexWidth.INT32) {
            int[] narrow = new int[INDICES.length];
            for (int i = 0; i < narrow.length; i++) {
                narrow[i] = (int) INDICES[i];
            }
            indices = ints(narrow);
        } else {
            indices = longs(INDICES);
        }
        ByteBuffer input = floats(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        execution.execute(Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output)));
    }
}

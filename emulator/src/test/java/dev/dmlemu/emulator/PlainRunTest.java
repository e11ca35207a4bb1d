package dev.dmlemu.emulator;

import static dev.dmlemu.emulator.Kernels.le;
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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The copied-row loops gather a plain run of in-range indices first and hand the rest of the row to the general
 * loop at the first index that needs a wrap or a policy. These rows break their run mid-row, for every element size
 * and index width; the padded output puts indices and output at the same position in row 0 and two elements apart
 * in row 1.
 */
class PlainRunTest {

    /** Bits of the padding the strided output must leave alone: not a value the gather can produce. */
    private static final long PAD = 0x5A;

    // Input 2x6 holds 1..12, axis 1; per-axis clamp, signed indices wrap. Expected values worked out by hand:
    // row 0 {5, 9, 2, -1, 7, 1} -> 6 6 3 6 6 2 (9 and 7 clamp to 5, -1 wraps to 5; the run breaks at 9);
    // row 1 {1, 1, -6, 4, 9, 3} -> 8 8 7 11 12 10 (-6 wraps to 0, 9 clamps to 5; the run breaks at -6).
    // 64-bit indices hold 2^32 + 1 instead of row 0's 9: its low half is a position in the row, yet it clamps to 5.
    private static final long[] INDICES_32 = {5, 9, 2, -1, 7, 1, 1, 1, -6, 4, 9, 3};
    private static final long[] INDICES_64 = {5, (1L << 32) + 1, 2, -1, 7, 1, 1, 1, -6, 4, 9, 3};
    private static final long[] EXPECTED_PACKED = {6, 6, 3, 6, 6, 2, 8, 8, 7, 11, 12, 10};
    private static final long[] EXPECTED_PADDED = {6, 6, 3, 6, 6, 2, PAD, PAD, 8, 8, 7, 11, 12, 10};

    static Stream<Arguments> elementAndIndexTypes() {
        return Stream.of(TensorDataType.INT8, TensorDataType.INT16, TensorDataType.FLOAT32, TensorDataType.INT64)
                .flatMap(data -> Stream.of(TensorDataType.INT32, TensorDataType.INT64)
                        .map(index -> Arguments.of(data, index)));
    }

    @ParameterizedTest(name = "{0} data, {1} indices")
    @MethodSource("elementAndIndexTypes")
    void runsBreakAtTheFirstIndexThatNeedsTheGeneralLoop(TensorDataType data, TensorDataType index) {
        ByteBuffer output = le(12 * data.sizeInBytes());
        run(desc(data, index, BufferTensorDesc.packed(data, 2, 6)), output);
        assertArrayEquals(EXPECTED_PACKED, elements(output, data, 12));
    }

    @ParameterizedTest(name = "{0} data, {1} indices")
    @MethodSource("elementAndIndexTypes")
    void runsWriteThroughAnOutputOffsetAndLeavePaddingAlone(TensorDataType data, TensorDataType index) {
        // Output rows 8 elements apart: row 1's output starts at element 8, its indices at element 6.
        BufferTensorDesc padded = BufferTensorDesc.strided(data, List.of(2L, 6L), List.of(8L, 1L));
        ByteBuffer output = le((14 * data.sizeInBytes() + 3) / 4 * 4); // TotalTensorSizeInBytes rounds up to 4
        for (int i = 0; i < output.capacity() / data.sizeInBytes(); i++) {
            put(output, data, i, PAD);
        }
        run(desc(data, index, padded), output);
        assertArrayEquals(EXPECTED_PADDED, elements(output, data, 14));
    }

    private static GatherElementsOperatorDesc desc(TensorDataType data, TensorDataType index,
            BufferTensorDesc output) {
        return new GatherElementsOperatorDesc(BufferTensorDesc.packed(data, 2, 6), BufferTensorDesc.packed(index, 2, 6),
                output, 1);
    }

    private static void run(GatherElementsOperatorDesc desc, ByteBuffer output) {
        // Rows of 6 are copied when the shortest copied row is 1 element, which puts them on the plain-run loops.
        GatherExecution execution = Kernels.prepare(desc, IndexSemantics.SIGNED_WRAP, IndexPolicy.CLAMP_AXIS,
                Parallelism.ONE_THREAD, KernelTuning.DEFAULT.withRowCopyMin(1));
        assertTrue(execution.rowsBulk(), "the case must take the copied-row loops");
        TensorDataType data = ((BufferTensorDesc) desc.inputTensor()).dataType();
        TensorDataType index = ((BufferTensorDesc) desc.indicesTensor()).dataType();
        ByteBuffer input = le(12 * data.sizeInBytes());
        for (int i = 0; i < 12; i++) {
            put(input, data, i, i + 1);
        }
        ByteBuffer indices = le(12 * index.sizeInBytes());
        for (int i = 0; i < 12; i++) {
            put(indices, index, i, index.sizeInBytes() == 8 ? INDICES_64[i] : INDICES_32[i]);
        }
        execution.execute(Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output)));
    }

    /** Writes the low bits of {@code value} as element {@code i} of the type's width. */
    private static void put(ByteBuffer buffer, TensorDataType type, int i, long value) {
        switch (type.sizeInBytes()) {
            case 1 -> buffer.put(i, (byte) value);
            case 2 -> buffer.putShort(i * 2, (short) value);
            case 4 -> buffer.putInt(i * 4, (int) value);
            default -> buffer.putLong(i * 8, value);
        }
    }

    private static long[] elements(ByteBuffer buffer, TensorDataType type, int count) {
        long[] values = new long[count];
        for (int i = 0; i < count; i++) {
            values[i] = switch (type.sizeInBytes()) {
                case 1 -> buffer.get(i);
                case 2 -> buffer.getShort(i * 2);
                case 4 -> buffer.getInt(i * 4);
                default -> buffer.getLong(i * 8);
            };
        }
        return values;
    }
}

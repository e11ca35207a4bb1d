package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveTopK;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * TOP_K's threshold scan ({@link BoundedSelection}) on many lines in a row, so that each line is narrowed by the floor
 * the line before left: ties at the threshold (an equal key later in the line must not displace a kept one), lines
 * wholly below the previous floor (fewer than K candidates: the line is redone whole), and lines level with it.
 */
class TopKThresholdScanTest {

    @Test
    void aLineOfEqualElementsKeepsItsFirstKPositions() {
        int rows = 6;
        int length = 300;
        int k = 7;
        try (Emulator emulator = new Emulator(EmulatorOptions.defaults().withThreads(1))) {
            for (AxisDirection direction : AxisDirection.values()) {
                // -0.0 and 0.0 are equal: every line is one tie.
                MovementCase c = topK(TensorDataType.FLOAT32, rows, length, k, direction,
                        e -> Float.floatToRawIntBits(e % 3 == 0 ? -0.0f : 0.0f) & 0xFFFF_FFFFL);
                ByteBuffer indices = ByteBuffer.allocate(rows * k * 8).order(ByteOrder.LITTLE_ENDIAN);
                for (int row = 0; row < rows; row++) {
                    for (int rank = 0; rank < k; rank++) {
                        indices.putLong(rank);
                    }
                }
                List<byte[]> actual = MovementRun.outputs(emulator, c, false);
                assertArrayEquals(indices.array(), actual.get(1), direction.toString());
                assertArrayEquals(NaiveTopK.run(c).get(0), actual.get(0), direction.toString());
            }
        }
    }

    @Test
    void tiesAtTheThresholdAndLinesBelowThePreviousFloorMatchTheNaiveReference() {
        List<TensorDataType> types = List.of(TensorDataType.FLOAT32, TensorDataType.INT32, TensorDataType.UINT32,
                TensorDataType.INT16, TensorDataType.UINT8);
        Random r = new Random(2611);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator two = new Emulator(EmulatorOptions.defaults().withThreads(2))) {
            for (int n = 0; n < 120; n++) {
                TensorDataType type = types.get(r.nextInt(types.size()));
                int rows = 8 + r.nextInt(40);
                int length = 16 + r.nextInt(r.nextBoolean() ? 64 : 600);
                int k = 1 + r.nextInt(r.nextInt(4) == 0 ? length : Math.max(1, length / 4));
                long[] levels = levels(r, rows);
                int ties = 1 + r.nextInt(6);
                long seed = r.nextLong();
                MovementCase c = topK(type, rows, length, k,
                        r.nextBoolean() ? AxisDirection.DECREASING : AxisDirection.INCREASING,
                        e -> bits(type, levels[e / length] + new Random(seed + e).nextInt(ties)));
                List<byte[]> expected = NaiveTopK.run(c);
                List<byte[]> actual = MovementRun.outputs(n % 2 == 0 ? one : two, c, n % 3 == 0);
                for (int o = 0; o < 2; o++) {
                    int number = n;
                    int output = o;
                    assertArrayEquals(expected.get(o), actual.get(o), () -> "case " + number + ", output " + output
                            + ": " + c);
                }
            }
        }
    }

    /** Each line's level: mostly near the previous one, now and then far below it (or, smallest first, above). */
    private static long[] levels(Random r, int rows) {
        long[] levels = new long[rows];
        long level = 0;
        for (int row = 0; row < rows; row++) {
            level += r.nextInt(5) == 0 ? (r.nextBoolean() ? -40 : 40) : r.nextInt(3) - 1;
            levels[row] = level;
        }
        return levels;
    }

    private static long bits(TensorDataType type, long value) {
        return type == TensorDataType.FLOAT32 ? Float.floatToRawIntBits(value) & 0xFFFF_FFFFL : value;
    }

    /** TOP_K1 along the last axis of {@code rows} x {@code length}, element {@code e} (row-major) given as bits. */
    private static MovementCase topK(TensorDataType type, int rows, int length, int k, AxisDirection direction,
            IntToLongFunction element) {
        long[] sizes = {rows, length};
        long[] outSizes = {rows, k};
        BufferTensorDesc input = BufferTensorDesc.packed(type, sizes);
        BufferTensorDesc values = BufferTensorDesc.packed(type, outSizes);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT64, outSizes);
        TopK1OperatorDesc desc = new TopK1OperatorDesc(input, values, indices, 1, k, direction);
        ByteBuffer bytes = ByteBuffer.allocate((int) input.totalTensorSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (int e = 0; e < rows * length; e++) {
            long v = element.applyAsLong(e);
            for (int b = 0; b < type.sizeInBytes(); b++) {
                bytes.put((byte) (v >>> (8 * b)));
            }
        }
        return new MovementCase(desc, List.of(TensorBytes.of(bytes.array())), List.of(
                TensorBytes.of(new byte[(int) values.totalTensorSizeInBytes()]),
                TensorBytes.of(new byte[(int) indices.totalTensorSizeInBytes()])));
    }
}

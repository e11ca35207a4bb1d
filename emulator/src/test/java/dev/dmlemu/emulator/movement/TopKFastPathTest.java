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
import org.junit.jupiter.api.Test;

/**
 * TOP_K's bounded selection ({@link BoundedSelection}) and its fall-back to the merge sort against the kit's naive
 * reference, on lines dense with ties: -0.0 and 0.0, NaNs of both signs (in some lines only), infinities, and the
 * integer types' extremes, both directions, K from 1 to the whole line, lines along either axis.
 */
class TopKFastPathTest {

    private static final List<TensorDataType> TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.INT32,
            TensorDataType.UINT32, TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT16,
            TensorDataType.UINT16, TensorDataType.INT64);

    private static final float[] FLOATS = {0.0f, -0.0f, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY,
        -Float.MAX_VALUE, Float.MAX_VALUE, Float.MIN_VALUE, -Float.MIN_VALUE, 1.0f, -1.0f, 2.5f};

    private static final long[] INTEGERS = {0, 1, -1, 2, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE, 0x80, 0x7F, 0xFF, 0x8000, 0xFFFF, 0xFFFF_FFFFL, 0x8000_0000L};

    @Test
    void tiesNaNsAndExtremesMatchTheNaiveReference() {
        Random r = new Random(2604);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator two = new Emulator(EmulatorOptions.defaults().withThreads(2))) {
            for (int n = 0; n < 300; n++) {
                MovementCase c = randomCase(r);
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

    private static MovementCase randomCase(Random r) {
        TensorDataType type = TYPES.get(r.nextInt(TYPES.size()));
        long[] sizes = {1 + r.nextInt(5), 1 + r.nextInt(r.nextInt(4) == 0 ? 300 : 40)};
        int axis = r.nextInt(4) == 0 ? 0 : 1;
        long k = 1 + r.nextInt((int) sizes[axis]);
        long[] outSizes = sizes.clone();
        outSizes[axis] = k;
        BufferTensorDesc input = BufferTensorDesc.packed(type, sizes);
        BufferTensorDesc values = BufferTensorDesc.packed(type, outSizes);
        BufferTensorDesc indices = BufferTensorDesc.packed(r.nextBoolean() ? TensorDataType.UINT32
                : TensorDataType.UINT64, outSizes);
        TopK1OperatorDesc desc = new TopK1OperatorDesc(input, values, indices, axis, k,
                r.nextBoolean() ? AxisDirection.DECREASING : AxisDirection.INCREASING);
        ByteBuffer bytes = ByteBuffer.allocate((int) input.totalTensorSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        boolean nans = r.nextInt(3) == 0;
        while (bytes.hasRemaining()) {
            if (type == TensorDataType.FLOAT32) {
                float v = nans && r.nextInt(8) == 0 ? (r.nextBoolean() ? Float.NaN : Float.intBitsToFloat(0xFFC0_0001))
                        : r.nextInt(3) == 0 ? r.nextInt(5) - 2.0f : FLOATS[r.nextInt(FLOATS.length)];
                bytes.putFloat(v);
            } else {
                long v = r.nextInt(3) == 0 ? r.nextInt(5) - 2 : INTEGERS[r.nextInt(INTEGERS.length)];
                for (int b = 0; b < type.sizeInBytes(); b++) {
                    bytes.put((byte) (v >>> (8 * b)));
                }
            }
        }
        return new MovementCase(desc, List.of(TensorBytes.of(bytes.array())), List.of(
                TensorBytes.of(new byte[(int) values.totalTensorSizeInBytes()]),
                TensorBytes.of(new byte[(int) indices.totalTensorSizeInBytes()])));
    }
}

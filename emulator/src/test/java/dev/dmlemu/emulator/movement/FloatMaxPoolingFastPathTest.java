package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveMaxPooling;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The FLOAT32 max pooling fast path (no indices: {@link FloatPoolKeys} and {@link FloatPoolingRow}) against the kit's
 * naive reference, on long rows of values drawn mostly from the cases where its int keys must not lose a bit: -0.0 and
 * 0.0 in every order, NaNs of both signs, infinities and the starting value -3.4028235e38.
 */
class FloatMaxPoolingFastPathTest {

    private static final float[] EDGES = {0.0f, -0.0f, Float.NaN, Float.intBitsToFloat(0xFFC0_0001),
        Float.intBitsToFloat(0x7F80_0001), Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -Float.MAX_VALUE,
        Float.MAX_VALUE, Float.MIN_VALUE, -Float.MIN_VALUE, 1.0f, -1.0f};

    @Test
    void edgeValuesMatchTheNaiveReference() {
        Random r = new Random(2604);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator two = new Emulator(EmulatorOptions.defaults().withThreads(2))) {
            for (int n = 0; n < 200; n++) {
                MovementCase c = randomCase(r);
                List<byte[]> expected = NaiveMaxPooling.run(c);
                List<byte[]> actual = MovementRun.outputs(n % 2 == 0 ? one : two, c, n % 3 == 0);
                int number = n;
                assertArrayEquals(expected.get(0), actual.get(0), () -> "case " + number + ": " + c);
            }
        }
    }

    private static MovementCase randomCase(Random r) {
        long[] in = {1 + r.nextInt(2), 1 + r.nextInt(3), 1 + r.nextInt(6), 1 + r.nextInt(40)};
        long[] out = in.clone();
        long[] strides = new long[2];
        long[] windows = new long[2];
        long[] starts = new long[2];
        long[] ends = new long[2];
        long[] dilations = new long[2];
        for (int d = 0; d < 2; d++) {
            windows[d] = 1 + r.nextInt(4);
            strides[d] = 1 + (r.nextInt(3) == 0 ? r.nextInt(3) : 0);
            dilations[d] = 1 + (r.nextInt(4) == 0 ? 1 : 0);
            starts[d] = r.nextInt((int) windows[d]);
            ends[d] = r.nextInt((int) windows[d]);
            long room = in[d + 2] + starts[d] + ends[d] - ((windows[d] - 1) * dilations[d] + 1);
            out[d + 2] = room < 0 ? 1 : room / strides[d] + 1;
        }
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, in);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, out);
        MaxPooling2OperatorDesc desc = MaxPooling2OperatorDesc.builder().inputTensor(input).outputTensor(output)
                .outputIndicesTensor(TensorDesc.NULL).dimensionCount(2).strides(List.of(strides[0], strides[1]))
                .windowSize(List.of(windows[0], windows[1])).startPadding(List.of(starts[0], starts[1]))
                .endPadding(List.of(ends[0], ends[1])).dilations(List.of(dilations[0], dilations[1])).build();
        ByteBuffer values = ByteBuffer.allocate((int) input.totalTensorSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        while (values.hasRemaining()) {
            values.putFloat(r.nextInt(3) == 0 ? r.nextInt(5) - 2.0f : EDGES[r.nextInt(EDGES.length)]);
        }
        return new MovementCase(desc, List.of(TensorBytes.of(values.array())),
                List.of(TensorBytes.of(new byte[(int) output.totalTensorSizeInBytes()]), TensorBytes.of(new byte[4])));
    }
}

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link FloatPoolingPlanes}' branches against the kit's naive reference: input rows staged with one get per block
 * (adjacent rows) or per row (rows with gaps, so the layout is strided and the last of equal elements gives the
 * value), blocks put whole or row by row, blocks ending at a piece's end inside a plane (two threads), windows of 1, 2,
 * 3 and more taps along each dimension with dilation and strides (lined-up copies per block or per row, row by row
 * for strided runs), windows cut by the padding and windows wholly in it. Values are dense with -0.0 and 0.0, NaNs and
 * infinities. Each of those branches, broken, fails one of these cases (tried).
 */
class FloatPoolingPlanesTest {

    private static final float[] EDGES = {0.0f, -0.0f, Float.NaN, Float.intBitsToFloat(0x7F80_0001),
        Float.intBitsToFloat(0xFFC0_0001), Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -Float.MAX_VALUE,
        1.0f, -1.0f};

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void matchesTheNaiveReference(boolean strided) {
        Random r = new Random(strided ? 2611 : 2610);
        try (Emulator two = new Emulator(EmulatorOptions.defaults().withThreads(2))) {
            for (int n = 0; n < 24; n++) {
                // Over 2^15 output elements for most cases, so the rows are split between the two threads.
                long[] in = {1 + r.nextInt(2), 1 + r.nextInt(3), 20 + r.nextInt(90), 100 + r.nextInt(120)};
                MovementCase c = randomCase(r, in, strided, 0);
                List<byte[]> expected = NaiveMaxPooling.run(c);
                List<byte[]> actual = MovementRun.outputs(two, c, n % 2 == 0);
                int number = n;
                assertArrayEquals(expected.get(0), actual.get(0), () -> "case " + number + ": " + c);
            }
        }
    }

    /** Padding wider than the window: whole output rows and columns read only the padding (the start value). */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void windowsWhollyInThePadding(boolean strided) {
        Random r = new Random(strided ? 2613 : 2612);
        try (Emulator two = new Emulator(EmulatorOptions.defaults().withThreads(2))) {
            for (int n = 0; n < 6; n++) {
                long[] in = {1, 1 + r.nextInt(3), 20 + r.nextInt(60), 100 + r.nextInt(120)};
                MovementCase c = randomCase(r, in, strided, 6 + r.nextInt(4));
                List<byte[]> expected = NaiveMaxPooling.run(c);
                List<byte[]> actual = MovementRun.outputs(two, c, n % 2 == 0);
                int number = n;
                assertArrayEquals(expected.get(0), actual.get(0), () -> "case " + number + ": " + c);
            }
        }
    }

    /** A random window over {@code in}, with {@code widePadding} more rows and columns of padding on each side. */
    private static MovementCase randomCase(Random r, long[] in, boolean strided, long widePadding) {
        long[] out = in.clone();
        long[] strides = new long[2];
        long[] windows = new long[2];
        long[] starts = new long[2];
        long[] ends = new long[2];
        long[] dilations = new long[2];
        for (int d = 0; d < 2; d++) {
            windows[d] = 1 + r.nextInt(5);
            strides[d] = 1 + (r.nextInt(4) == 0 ? r.nextInt(3) : 0);
            dilations[d] = 1 + (r.nextInt(4) == 0 ? 1 : 0);
            starts[d] = r.nextInt((int) windows[d]) + widePadding;
            ends[d] = r.nextInt((int) windows[d]) + widePadding;
            long room = in[d + 2] + starts[d] + ends[d] - ((windows[d] - 1) * dilations[d] + 1);
            out[d + 2] = room < 0 ? 1 : room / strides[d] + 1;
        }
        BufferTensorDesc input = strided ? withGaps(in, r) : BufferTensorDesc.packed(TensorDataType.FLOAT32, in);
        BufferTensorDesc output = strided ? withGaps(out, r) : BufferTensorDesc.packed(TensorDataType.FLOAT32, out);
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

    /** Packed along the last dimension, with a gap of 1 to 3 elements after each row and each plane. */
    private static BufferTensorDesc withGaps(long[] sizes, Random r) {
        long row = sizes[3] + 1 + r.nextInt(3);
        long plane = sizes[2] * row + 1 + r.nextInt(3);
        return BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(sizes[0], sizes[1], sizes[2], sizes[3]),
                List.of(sizes[1] * plane, plane, row, 1L));
    }
}

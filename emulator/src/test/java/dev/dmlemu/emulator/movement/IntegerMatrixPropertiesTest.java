package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.IntegerMatrixCases;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveIntegerMatrix;
import dev.dmlemu.testkit.NaiveQuantizedMatrix;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * MATRIX_MULTIPLY_INTEGER and QUANTIZED_LINEAR_MATRIX_MULTIPLY (the emulator's {@code IntegerMatrixKernel} and
 * {@code QuantizedMatrixKernel}) against the kit's naive references on seeded cases, through the movement kernels' driver (heap and direct buffers, one thread and four); and the wrapping sum the
 * real DLL gave (docs/directml-behaviour.md §15.10).
 */
class IntegerMatrixPropertiesTest {

    @Test
    void matchesTheNaiveReference() {
        IntegerMatrixCases cases = new IntegerMatrixCases(CaseOptions.defaults());
        Random seeds = new Random(0x1A7E_6E12L);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            for (int n = 0; n < 300; n++) {
                long seed = seeds.nextLong();
                MovementCase c = cases.generate(seed);
                List<byte[]> expected = NaiveIntegerMatrix.run(c);
                List<byte[]> actual = MovementRun.outputs(n % 2 == 0 ? one : four, c, n % 3 == 0);
                assertEquals(1, actual.size());
                assertArrayEquals(expected.get(0), actual.get(0), () -> "seed " + seed + ": " + c);
            }
        }
    }

    @Test
    void quantizedProductsMatchTheNaiveReference() {
        IntegerMatrixCases cases = new IntegerMatrixCases(CaseOptions.defaults());
        Random seeds = new Random(0x0A11_7E1DL);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            for (int n = 0; n < 300; n++) {
                long seed = seeds.nextLong();
                MovementCase c = cases.generateQuantized(seed);
                List<byte[]> expected = NaiveQuantizedMatrix.run(c);
                List<byte[]> actual = MovementRun.outputs(n % 2 == 0 ? one : four, c, n % 3 == 0);
                assertArrayEquals(expected.get(0), actual.get(0), () -> "seed " + seed + ": " + c);
            }
        }
    }

    @Test
    void quantizedEdgesAsTheDllGaveThem() {
        // A column 5, -5, 0, 100, -100, 3 times 1, both scales 1 (recorded from DirectML.dll 1.15.4): an output scale
        // of 0 (5 / 0 = +infinity, 0 / 0 NaN) or 1e-30 gives INT8 -128 and UINT8 0 through INT32's minimum; a
        // negative value gives UINT8 0; a UINT8 zero point of 3 is added after rounding.
        byte[] column = {5, -5, 0, 100, -100, 3};
        check(column, 0f, TensorDataType.INT8, null, new byte[] {-128, -128, -128, -128, -128, -128});
        check(column, 0f, TensorDataType.UINT8, null, new byte[] {0, 0, 0, 0, 0, 0});
        check(column, 1e-30f, TensorDataType.INT8, null, new byte[] {-128, -128, 0, -128, -128, -128});
        check(column, 1f, TensorDataType.UINT8, null, new byte[] {5, 0, 0, 100, 0, 3});
        check(column, 1f, TensorDataType.UINT8, (byte) 3, new byte[] {8, 0, 3, 103, 0, 6});
        // An INT8 zero point of -1 after an out-of-range value: INT32's minimum minus 1 wraps to its maximum, 127.
        check(column, 1e-30f, TensorDataType.INT8, (byte) -1, new byte[] {127, 127, -1, 127, 127, 127});
    }

    private static void check(byte[] column, float outputScale, TensorDataType type, Byte zeroPoint, byte[] expected) {
        BufferTensorDesc a = BufferTensorDesc.packed(TensorDataType.INT8, 1, 1, column.length, 1);
        BufferTensorDesc b = BufferTensorDesc.packed(TensorDataType.INT8, 1, 1, 1, 1);
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1, 1);
        BufferTensorDesc zero = BufferTensorDesc.packed(type, 1, 1, 1, 1);
        BufferTensorDesc out = BufferTensorDesc.packed(type, 1, 1, column.length, 1);
        QuantizedLinearMatrixMultiplyOperatorDesc desc = new QuantizedLinearMatrixMultiplyOperatorDesc(a, scale,
                TensorDesc.NULL, b, scale, TensorDesc.NULL, scale, zeroPoint == null ? TensorDesc.NULL : zero, out);
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(Arrays.copyOf(column, 8)), floats(1f),
                TensorBytes.of(new byte[0]), TensorBytes.of(new byte[] {1, 0, 0, 0}), floats(1f),
                TensorBytes.of(new byte[0]), floats(outputScale),
                TensorBytes.of(zeroPoint == null ? new byte[0] : new byte[] {zeroPoint, 0, 0, 0})),
                List.of(TensorBytes.of(new byte[8])));
        try (Emulator emulator = new Emulator()) {
            assertArrayEquals(expected, Arrays.copyOf(MovementRun.outputs(emulator, c, false).get(0), column.length),
                    () -> "emulator: " + desc);
        }
        assertArrayEquals(expected, Arrays.copyOf(NaiveQuantizedMatrix.run(c).get(0), column.length),
                () -> "naive reference: " + desc);
    }

    private static TensorBytes floats(float value) {
        return TensorBytes.of(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(value).array());
    }

    @Test
    void aSumPastThirtyTwoBitsWrapsAsTheDllsDid() {
        // Measured: K = 40,000 products of (-128 - 127) * (-128 - 127) = 65,025 gave -1,693,967,296 (2,601,000,000
        // modulo 2^32).
        int k = 40_000;
        BufferTensorDesc a = BufferTensorDesc.packed(TensorDataType.INT8, 1, 1, 1, k);
        BufferTensorDesc b = BufferTensorDesc.packed(TensorDataType.INT8, 1, 1, k, 1);
        BufferTensorDesc zero = BufferTensorDesc.packed(TensorDataType.INT8, 1, 1, 1, 1);
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.INT32, 1, 1, 1, 1);
        byte[] minimums = new byte[k];
        Arrays.fill(minimums, (byte) -128);
        byte[] zeroPoint = {127, 0, 0, 0};
        MovementCase c = new MovementCase(new MatrixMultiplyIntegerOperatorDesc(a, zero, b, zero, out),
                List.of(TensorBytes.of(minimums), TensorBytes.of(zeroPoint), TensorBytes.of(minimums.clone()),
                        TensorBytes.of(zeroPoint.clone())), List.of(TensorBytes.of(new byte[4])));
        byte[] expected = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(-1_693_967_296).array();
        try (Emulator emulator = new Emulator()) {
            assertArrayEquals(expected, MovementRun.outputs(emulator, c, false).get(0));
        }
        assertArrayEquals(expected, NaiveIntegerMatrix.run(c).get(0));
    }
}

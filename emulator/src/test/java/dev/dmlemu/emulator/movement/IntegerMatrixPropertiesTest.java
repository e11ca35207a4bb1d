package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.IntegerMatrixCases;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveIntegerMatrix;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * MATRIX_MULTIPLY_INTEGER (the emulator's {@code IntegerMatrixKernel}) against the kit's naive reference on seeded
 * cases, through the movement kernels' driver (heap and direct buffers, one thread and four); and the wrapping sum the
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

package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerToFloatOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.testkit.IntegerToFloatMatrixCases;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveIntegerToFloatMatrix;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MATRIX_MULTIPLY_INTEGER_TO_FLOAT (docs/directml-behaviour.md §15.15): the kit's seeded cases against its naive
 * reference, and single-output probes as the real DirectML.dll 1.15.4 gave them.
 */
class IntegerToFloatMatrixTest {

    @Test
    void seededCasesMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.MATRIX_MULTIPLY_INTEGER_TO_FLOAT, 200,
                (n, seed) -> IntegerToFloatMatrixCases.generate(seed), NaiveIntegerToFloatMatrix::run);
    }

    @Test
    void sumsAreFloat32FromTheFirstProductOnAsTheDllGaveThem() {
        // K = 2047, A = B = 1 then 127s: the exact sum 32,999,935 would round to 32,999,936; adding the FLOAT32
        // products from k = 0 up drifts to 32,998,932, the DLL's answer.
        byte[] column = new byte[2047];
        Arrays.fill(column, (byte) 127);
        column[0] = 1;
        assertEquals(32_998_932f, product(column, column, 1f, 1f));
        // Scales 0.1 and 0.1: each operand dequantized on its own, 330000.6 (scaling the sum would give 329989.34).
        assertEquals(330000.6f, product(column, column, 0.1f, 0.1f));
        // A = 3 5 -7 11, B = 13 -17 19 23, scales 0.1 and 0.3: 2.2199998, not the 2.22 of 74 * 0.03.
        assertEquals(2.2199998f, product(new byte[] {3, 5, -7, 11}, new byte[] {13, -17, 19, 23}, 0.1f, 0.3f));
    }

    /** INT8 A [1, K] times B [K, 1], one FLOAT32 scale each, no zero points, no bias. */
    private static float product(byte[] a, byte[] b, float aScale, float bScale) {
        int k = a.length;
        BufferTensorDesc aDesc = BufferTensorDesc.packed(TensorDataType.INT8, 1, 1, 1, k);
        BufferTensorDesc bDesc = BufferTensorDesc.packed(TensorDataType.INT8, 1, 1, k, 1);
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1, 1);
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1, 1);
        MovementCase c = new MovementCase(new MatrixMultiplyIntegerToFloatOperatorDesc(aDesc, scale, TensorDesc.NULL,
                bDesc, scale, TensorDesc.NULL, TensorDesc.NULL, out), List.of(
                        TensorBytes.of(Arrays.copyOf(a, (int) aDesc.totalTensorSizeInBytes())),
                        TensorBytes.of(floatBytes(aScale)), TensorBytes.of(new byte[0]),
                        TensorBytes.of(Arrays.copyOf(b, (int) bDesc.totalTensorSizeInBytes())),
                        TensorBytes.of(floatBytes(bScale)), TensorBytes.of(new byte[0]), TensorBytes.of(new byte[0])),
                List.of(TensorBytes.unwritten(4)));
        try (Emulator emulator = new Emulator()) {
            return ByteBuffer.wrap(MovementRun.outputs(emulator, c, false).get(0)).order(ByteOrder.LITTLE_ENDIAN)
                    .getFloat(0);
        }
    }

    private static byte[] floatBytes(float v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(v).array();
    }
}

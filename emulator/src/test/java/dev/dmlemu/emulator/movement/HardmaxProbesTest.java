package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ActivationHardmax1OperatorDesc;
import dev.dmlemu.desc.ActivationHardmaxOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveHardmax;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ACTIVATION_HARDMAX and HARDMAX1 on the real DLL's recorded outputs (docs/directml-behaviour.md §16.7, "Hardmax"), on
 * the emulator (one thread and four, heap and direct buffers) and the kit's naive reference; FLOAT16 refused.
 */
class HardmaxProbesTest {

    private static final float NAN = Float.NaN;
    private static final float INF = Float.POSITIVE_INFINITY;

    /** Ten rows of four: NaNs first, last and between, signed-zero ties, infinities, denormals, plain ties. */
    private static final float[] ROWS = {1, NAN, 5, 2, NAN, 1, 5, 2, 1, 5, 2, NAN, 5, 1, NAN, 9, -0f, 0f, -0f, 0f,
        INF, NAN, -INF, NAN, 1, 3, 3, 2, 2, -1, 3, -1, 0x1p-149f, 0f, 0x1p-148f, -0f, NAN, NAN, NAN, NAN};

    /** {@code i % 5} over a [2, 3, 2] tensor, but 9 at elements 3 and 10. */
    private static final float[] CUBE = {0, 1, 2, 9, 4, 0, 1, 2, 3, 4, 9, 1};

    @Test
    void theRecordedProbesGiveTheDllsOnes() {
        BufferTensorDesc rows = BufferTensorDesc.packed(TensorDataType.FLOAT32, 10, 4);
        BufferTensorDesc cube = BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3, 2);
        int[] rowPicks = {2, 4, 9, 15, 16, 20, 25, 30, 34, 36};
        check(new ActivationHardmaxOperatorDesc(rows, rows), ROWS, rowPicks);
        check(new ActivationHardmax1OperatorDesc(rows, rows, 1, List.of(1L)), ROWS, rowPicks);
        check(new ActivationHardmax1OperatorDesc(rows, rows, 1, List.of(0L)), ROWS, new int[] {20, 1, 2, 15});
        check(new ActivationHardmax1OperatorDesc(cube, cube, 2, List.of(2L, 0L)), CUBE, new int[] {3, 7, 10});
        check(new ActivationHardmax1OperatorDesc(cube, cube, 3, List.of(1L, 2L, 0L)), CUBE, new int[] {3});
        check(new ActivationHardmax1OperatorDesc(cube, cube, 2, List.of(1L, 1L)), CUBE, new int[] {3, 4, 9, 10});
        check(new ActivationHardmax1OperatorDesc(cube, cube, 0, List.of()), CUBE,
                new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
        BufferTensorDesc line = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 6, 2);
        check(new ActivationHardmaxOperatorDesc(line, line), CUBE, new int[] {1, 3, 4, 7, 9, 10});
    }

    @Test
    void float16IsRefusedAtPrepare() {
        BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.FLOAT16, 2, 4);
        ValidationResult result = new FeatureLevelValidator().validate(new ActivationHardmaxOperatorDesc(t, t),
                FeatureLevel.LEVEL_6_4);
        assertTrue(result.isValid(), result::toString);
        try (Emulator emulator = new Emulator()) {
            OperatorExecutionException refused = assertThrows(OperatorExecutionException.class,
                    () -> emulator.prepare(result.validated()));
            assertTrue(refused.getMessage().contains("not modelled"), refused.getMessage());
        }
    }

    private static void check(OperatorDesc desc, float[] input, int[] ones) {
        float[] expected = new float[input.length];
        for (int one : ones) {
            expected[one] = 1f;
        }
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(floats(input))),
                List.of(TensorBytes.of(new byte[input.length * 4])));
        assertArrayEquals(floats(expected), NaiveHardmax.run(c).get(0), () -> "naive reference: " + desc);
        for (int threads : new int[] {1, 4}) {
            try (Emulator emulator = new Emulator(EmulatorOptions.defaults().withThreads(threads))) {
                for (boolean direct : new boolean[] {false, true}) {
                    assertArrayEquals(floats(expected), MovementRun.outputs(emulator, c, direct).get(0),
                            () -> "emulator: " + desc);
                }
            }
        }
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }
}

package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ArgmaxOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.ReduceTieProbes;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The selection kernels on the real DLL's recorded outputs (docs/directml-behaviour.md §16.7, SelectionMeasuredTest in
 * tests), and what they refuse at prepare.
 */
class SelectionKernelsTest {

    private static final TensorDataType F32 = TensorDataType.FLOAT32;

    @Test
    void topK1SmallestOfALineWithANaNAsTheRealDllOrdersIt() {
        // {1, NaN, 5, 2}: merged pairs {NaN, 1} and {2, 5}; the NaN yields to 2 and 5, then comes before 1.
        BufferTensorDesc line = BufferTensorDesc.packed(F32, 4);
        TopK1OperatorDesc desc = new TopK1OperatorDesc(line, line, BufferTensorDesc.packed(TensorDataType.UINT32, 4),
                0, 4, AxisDirection.INCREASING);
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(floats(1, Float.NaN, 5, 2))),
                List.of(TensorBytes.of(new byte[16]), TensorBytes.of(new byte[16])));
        try (Emulator emulator = new Emulator()) {
            List<byte[]> out = MovementRun.outputs(emulator, c, false);
            assertArrayEquals(floats(2, 5, Float.NaN, 1), out.get(0));
            assertArrayEquals(words(3, 2, 1, 0), out.get(1));
        }
    }

    @Test
    void argMaxDecreasingTakesTheLastOfTiesButNeverReplacesALeadingNaN() {
        BufferTensorDesc input = BufferTensorDesc.packed(F32, 3, 4);
        ArgmaxOperatorDesc desc = new ArgmaxOperatorDesc(input, BufferTensorDesc.packed(TensorDataType.UINT32, 3, 1),
                1, List.of(1L), AxisDirection.DECREASING);
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(floats(1, 3, 3, 2, Float.NaN, 1, 5, 2,
                -0f, 0f, -0f, 0f))), List.of(TensorBytes.of(new byte[12])));
        try (Emulator emulator = new Emulator()) {
            assertArrayEquals(words(2, 0, 3), MovementRun.outputs(emulator, c, true).get(0));
        }
    }

    @Test
    void reduceTiesOnTransposedPaddedAndBroadcastInputsAsTheRealDllDid() {
        // The DLL's answers (ReduceTieMeasuredTest in tests), heap and direct buffers, one thread and four: MAX and
        // MIN write the zero their largest-stride-first, split or tree walk meets last, ARGMAX and ARGMIN the first
        // row-major.
        for (int threads : new int[] {1, 4}) {
            try (Emulator emulator = new Emulator(EmulatorOptions.defaults().withThreads(threads))) {
                for (ReduceTieProbes.Probe probe : ReduceTieProbes.MODELLED) {
                    for (boolean direct : new boolean[] {false, true}) {
                        List<byte[]> r = MovementRun.outputs(emulator, probe.toCase(), direct);
                        assertEquals(probe.expectedList(), probe.read(r.get(0)), probe::toString);
                    }
                }
            }
        }
    }

    @Test
    void reduceRefusesTheFunctionsThatComputeNamingTheFunction() {
        ReduceOperatorDesc desc = new ReduceOperatorDesc(ReduceFunction.SUM, BufferTensorDesc.packed(F32, 2, 3),
                BufferTensorDesc.packed(F32, 1, 3), 1, List.of(0L));
        ValidationResult validation = new FeatureLevelValidator().validate(desc, FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), validation::toString);
        try (Emulator emulator = new Emulator()) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                    () -> emulator.prepare(validation.validated()));
            assertTrue(e.getMessage().contains("DML_REDUCE_FUNCTION_SUM"), e.getMessage());
        }
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    private static byte[] words(int... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }
}

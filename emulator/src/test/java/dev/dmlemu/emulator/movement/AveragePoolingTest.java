package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.AveragePoolingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.AveragePoolingCases;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveAveragePooling;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AVERAGE_POOLING and AVERAGE_POOLING1 (docs/directml-behaviour.md §16.10): the kit's seeded cases against its naive
 * reference, and outputs as the real DirectML.dll 1.15.4 gave them.
 */
class AveragePoolingTest {

    @Test
    void seededCasesMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.AVERAGE_POOLING, 200,
                (n, seed) -> AveragePoolingCases.generate(seed), NaiveAveragePooling::run);
    }

    @Test
    void aWholeInputWindowOf4096IsATreeSum() {
        // x[i] = ((i * 7919) % 1000 - 500) * 0.37 (in double, then FLOAT32) over [1, 1, 64, 64], one window: the DLL gave -0.21318373; summing
        // row-major from the first would give -0.21318275.
        float[] values = new float[64 * 64];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) (((i * 7919) % 1000 - 500) * 0.37);
        }
        float[] out = run(values, 64, 64, 64, 1, 0, false);
        assertEquals(-0.21318373f, out[0]);
    }

    @Test
    void slidingWindowsDivideByTheirTapsOrTheWholeWindow() {
        // [1, 1, 9, 9] of the same values, 3 x 3 windows at stride 2 with one element of padding: the DLL's first
        // outputs with and without IncludePadding (the corner window holds 4 taps of 9).
        float[] values = new float[81];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) (((i * 7919) % 1000 - 500) * 0.37);
        }
        float[] with = run(values, 9, 9, 3, 2, 1, true);
        float[] without = run(values, 9, 9, 3, 2, 1, false);
        assertEquals(-25.488888f, with[0]);
        assertEquals(-57.35f, without[0]);
        assertEquals(-44.400005f, with[6]);
        assertEquals(-12.333334f, with[24]);
        assertEquals(-27.750002f, without[24]);
    }

    @Test
    void aSlidingWindowOf2048TapsIsRefused() {
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 64, 64);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 1);
        ValidationResult validation = new FeatureLevelValidator().validate(new AveragePoolingOperatorDesc(input,
                output, 2, List.of(32L, 1L), List.of(32L, 64L), List.of(0L, 0L), List.of(0L, 0L), false),
                FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), validation::toString);
        try (Emulator emulator = new Emulator()) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                    () -> emulator.prepare(validation.validated()));
            assertTrue(e.getMessage().contains("2,048"), e.getMessage());
        }
    }

    private static float[] run(float[] values, int h, int w, int window, int stride, int padding,
            boolean includePadding) {
        int oh = (h + 2 * padding - window) / stride + 1;
        int ow = (w + 2 * padding - window) / stride + 1;
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, h, w);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, oh, ow);
        ByteBuffer in = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            in.putFloat(v);
        }
        MovementCase c = new MovementCase(new AveragePoolingOperatorDesc(input, output, 2,
                List.of((long) stride, (long) stride), List.of((long) window, (long) window),
                List.of((long) padding, (long) padding), List.of((long) padding, (long) padding), includePadding),
                List.of(TensorBytes.of(in.array())), List.of(TensorBytes.unwritten(output.totalTensorSizeInBytes())));
        try (Emulator emulator = new Emulator()) {
            ByteBuffer out = ByteBuffer.wrap(MovementRun.outputs(emulator, c, false).get(0))
                    .order(ByteOrder.LITTLE_ENDIAN);
            float[] result = new float[oh * ow];
            for (int i = 0; i < result.length; i++) {
                result[i] = out.getFloat(i * 4);
            }
            return result;
        }
    }
}

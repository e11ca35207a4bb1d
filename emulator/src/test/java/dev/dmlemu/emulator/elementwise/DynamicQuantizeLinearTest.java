package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DynamicQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.movement.MovementRun;
import dev.dmlemu.testkit.DynamicQuantizeCases;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveDynamicQuantize;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DYNAMIC_QUANTIZE_LINEAR (docs/directml-behaviour.md §15.14): the kit's seeded cases against its naive reference, and
 * the probes' outputs, scales and zero points as the real DirectML.dll 1.15.4 gave them.
 */
class DynamicQuantizeLinearTest {

    private static final float NAN = Float.NaN;

    @Test
    void seededCasesMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.DYNAMIC_QUANTIZE_LINEAR, 300,
                (n, seed) -> DynamicQuantizeCases.generate(seed), NaiveDynamicQuantize::run);
    }

    @Test
    void probesAsTheDllGaveThem() {
        // [-1, 3]: scale 4 * (1 / 255), zero point rint(1 / scale) = 64; 2 / scale is 127.49999, so 191.
        assertProbe(TensorDataType.UINT8, new float[] {0, 1, 2, 3, -1, 2.5f, 0.5f, -0.5f},
                new int[] {64, 128, 191, 255, 0, 223, 96, 32}, 0x3C808081, 64);
        // The ONNX DynamicQuantizeLinear example: -2.5 / scale is -127.5, to even -128.
        assertProbe(TensorDataType.UINT8, new float[] {0, 2, -3, -2.5f, 1.34f, 0.5f},
                new int[] {153, 255, 0, 25, 221, 179}, 0x3CA0A0A1, 153);
        // NaNs are left out of the range and give the least value.
        assertProbe(TensorDataType.INT8, new float[] {NAN, 1, -2, NAN}, new int[] {-128, 127, -128, -128},
                0x3C40C0C2, 42);
        // A denormal scale: its reciprocal is infinity, so every nonzero element saturates and 0 gives NaN.
        assertProbe(TensorDataType.UINT8, new float[] {1e-40f, 2e-40f, 0, 3e-40f}, new int[] {255, 255, 0, 255},
                0x348, 0);
        // All zeros: scale 0, and NaN everywhere after it.
        assertProbe(TensorDataType.INT8, new float[] {0, 0, 0, 0}, new int[] {-128, -128, -128, -128}, 0, -128);
        assertProbe(TensorDataType.UINT8, new float[] {Float.POSITIVE_INFINITY, 1, 2, 3}, new int[] {0, 0, 0, 0},
                0x7F800000, 0);
    }

    private static void assertProbe(TensorDataType type, float[] values, int[] expected, int scaleBits,
            int zeroPoint) {
        int n = values.length;
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, n);
        BufferTensorDesc output = BufferTensorDesc.packed(type, 1, n);
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1);
        BufferTensorDesc point = BufferTensorDesc.packed(type, 1, 1);
        ByteBuffer in = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            in.putFloat(v);
        }
        MovementCase c = new MovementCase(new DynamicQuantizeLinearOperatorDesc(input, output, scale, point),
                List.of(TensorBytes.of(in.array())), List.of(TensorBytes.unwritten(output.totalTensorSizeInBytes()),
                        TensorBytes.unwritten(4), TensorBytes.unwritten(4)));
        List<byte[]> out;
        try (Emulator emulator = new Emulator()) {
            out = MovementRun.outputs(emulator, c, false);
        }
        int[] actual = new int[n];
        for (int i = 0; i < n; i++) {
            actual[i] = type == TensorDataType.INT8 ? out.get(0)[i] : out.get(0)[i] & 0xFF;
        }
        assertArrayEquals(expected, actual);
        assertEquals(scaleBits, ByteBuffer.wrap(out.get(1)).order(ByteOrder.LITTLE_ENDIAN).getInt(0));
        assertEquals(zeroPoint, type == TensorDataType.INT8 ? out.get(2)[0] : out.get(2)[0] & 0xFF);
    }
}

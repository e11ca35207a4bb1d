package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DequantizeOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizationType;
import dev.dmlemu.desc.QuantizeOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.movement.MovementRun;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveQuantization;
import dev.dmlemu.testkit.QuantizationCases;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * QUANTIZE and DEQUANTIZE (docs/directml-behaviour.md §15.13): the kit's seeded cases against its naive reference,
 * whole output arrays compared (so a 4-bit output's untouched nibbles must be kept), and the probes' outputs as the
 * real DirectML.dll 1.15.4 gave them.
 */
class BlockQuantizationTest {

    private static final QuantizationType S = QuantizationType.SCALE;
    private static final QuantizationType SZ = QuantizationType.SCALE_ZERO_POINT;
    private static final float NAN = Float.NaN;
    private static final float INF = Float.POSITIVE_INFINITY;

    @Test
    void seededCasesMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.QUANTIZE, 300, (n, seed) -> QuantizationCases.quantize(seed),
                NaiveQuantization::run);
        MovementRun.matchReference(OperatorType.DEQUANTIZE, 300, (n, seed) -> QuantizationCases.dequantize(seed),
                NaiveQuantization::run);
    }

    @Test
    void quantizeAsTheDllGaveIt() {
        // NaN gives the least value, the infinities saturate, halves go to even; the high nibble of the last byte,
        // which holds no element, keeps the output's 0xA.
        assertQuantized(TensorDataType.INT4, SZ, 1, 0, floats(NAN, INF, -INF, 2.5f, -100), 4,
                bytes(0x78, 0x28, 0xA8, 0xAB));
        assertQuantized(TensorDataType.INT4, SZ, 1, 0, floats(0.5f, 1.5f, -0.5f, -1.5f, 7.4f, 7.6f, -8.4f, -8.6f), 4,
                bytes(0x20, 0xE0, 0x77, 0x88));
        // Unsigned: NaN and negatives give 0.
        assertQuantized(TensorDataType.UINT4, SZ, 1, 0, floats(NAN, INF, -INF, -1, -0.4f, 14.5f, 15.5f, 100), 4,
                bytes(0xF0, 0x00, 0xE0, 0xFF));
        assertQuantized(TensorDataType.UINT8, SZ, 1, 0, floats(NAN, INF, -INF, -1, 0.5f, 2.5f, 254.5f, 1e10f), 8,
                bytes(0, 255, 0, 0, 0, 2, 254, 255));
        // The zero point is added after rounding (0.5 with 1 gives 1), then the sum saturates.
        assertQuantized(TensorDataType.INT8, SZ, 1, -128, floats(NAN, INF, -INF, -200, 126.5f, 3e9f, -3e9f, 1e10f), 8,
                bytes(0x80, 0x7F, 0x80, 0x80, 0xFE, 0x7F, 0x80, 0x7F));
        assertQuantized(TensorDataType.INT8, SZ, 1, 1, floats(0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 0.49999997f, 3.5f, 100),
                8, bytes(1, 3, 3, 1, 0xFF, 1, 5, 101));
        // A true division: 0.9 / 0.6 is 1.4999999 in FLOAT32, so 1.
        assertQuantized(TensorDataType.INT8, S, 0.6f, 0, floats(0.3f, 0.9f, 2.1f, -0.3f, -2.1f, 1.5f, 4.5f, -4.5f), 8,
                bytes(0, 1, 3, 0, 0xFD, 2, 7, 0xF9));
        // Without a zero point an unsigned type's is its midpoint.
        assertQuantized(TensorDataType.UINT8, S, 1, 0, floats(0, 1, -1, -200, 200, NAN), 8,
                bytes(128, 129, 127, 0, 255, 0, 0xAB, 0xAB));
        assertQuantized(TensorDataType.UINT4, S, 1, 0, floats(0, 1, -1, -200, 200, NAN), 4,
                bytes(0x98, 0x07, 0x0F, 0xAB));
    }

    @Test
    void aStridedFourBitOutputWritesOnlyItsNibbles() {
        // [1, 4] with strides 12 3: nibbles 0, 3, 6 and 9 (the DLL's first six bytes: A1 2B AB A3 4B AB).
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4);
        BufferTensorDesc output = BufferTensorDesc.strided(TensorDataType.INT4, List.of(1L, 4L), List.of(12L, 3L));
        byte[] out = run(quantize(input, SZ, TensorDataType.INT4, output), floats(1, 2, 3, 4), 1, 0, 8);
        assertArrayEquals(bytes(0xA1, 0x2B, 0xAB, 0xA3, 0x4B, 0xAB, 0xAB, 0xAB), out);
    }

    @Test
    void dequantizeAsTheDllGaveIt() {
        // Blocks of 4 along the last dimension: (x - zero point) * scale.
        BufferTensorDesc data = BufferTensorDesc.packed(TensorDataType.INT4, 1, 8);
        BufferTensorDesc result = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8);
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 2);
        BufferTensorDesc point = BufferTensorDesc.packed(TensorDataType.INT4, 1, 2);
        OperatorDesc desc = new DequantizeOperatorDesc(data, SZ, 2, List.of(scale, point), result);
        // -8 -7 -1 0 1 5 6 7, zero points 1 and -2, scales 0.5 and 0.25.
        byte[] out = run(desc, List.of(bytes(0x98, 0x0F, 0x51, 0x76), floats(0.5f, 0.25f), bytes(0xE1, 0, 0, 0)),
                32);
        assertArrayEquals(floats(-4.5f, -4, -1, -0.5f, 0.75f, 1.75f, 2, 2.25f), out);
        // Without a zero point: UINT8 0 1 128 255 give -128 -127 0 127.
        BufferTensorDesc u8 = BufferTensorDesc.packed(TensorDataType.UINT8, 1, 4);
        BufferTensorDesc f4 = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4);
        BufferTensorDesc one = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1);
        out = run(new DequantizeOperatorDesc(u8, S, 1, List.of(one), f4), List.of(bytes(0, 1, 128, 255), floats(1)),
                16);
        assertArrayEquals(floats(-128, -127, 0, 127), out);
    }

    @Test
    void quantizingFloat16IsRefused() {
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT16, 1, 4);
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT16, 1, 1);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.INT8, 1, 4);
        ValidationResult validation = new FeatureLevelValidator().validate(
                new QuantizeOperatorDesc(input, S, 1, List.of(scale), output), FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), validation::toString);
        try (Emulator emulator = new Emulator()) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                    () -> emulator.prepare(validation.validated()));
            assertTrue(e.getMessage().contains("FLOAT16"), e.getMessage());
        }
    }

    private static void assertQuantized(TensorDataType type, QuantizationType quantization, float scale,
            int zeroPoint, byte[] values, int outputBytes, byte[] expected) {
        int count = values.length / 4;
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, count);
        BufferTensorDesc output = BufferTensorDesc.packed(type, 1, count);
        byte[] actual = run(quantize(input, quantization, type, output), values, scale, zeroPoint, outputBytes);
        assertArrayEquals(expected, actual, () -> type + " " + Arrays.toString(values));
    }

    private static OperatorDesc quantize(BufferTensorDesc input, QuantizationType quantization, TensorDataType type,
            BufferTensorDesc output) {
        List<TensorDesc> tensors = new ArrayList<>(List.of(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1)));
        if (quantization == SZ) {
            tensors.add(BufferTensorDesc.packed(type, 1, 1));
        }
        return new QuantizeOperatorDesc(input, quantization, tensors.size(), tensors, output);
    }

    private static byte[] run(OperatorDesc desc, byte[] values, float scale, int zeroPoint, int outputBytes) {
        List<byte[]> inputs = new ArrayList<>(List.of(values, floats(scale)));
        if (desc instanceof QuantizeOperatorDesc q && q.quantizationType() == SZ) {
            inputs.add(bytes(zeroPoint & 0xFF, 0, 0, 0));
        }
        return run(desc, inputs, outputBytes);
    }

    /** The desc run once, its output array first filled with 0xAB. */
    private static byte[] run(OperatorDesc desc, List<byte[]> inputs, int outputBytes) {
        byte[] pattern = new byte[outputBytes];
        Arrays.fill(pattern, (byte) 0xAB);
        MovementCase c = new MovementCase(desc, inputs.stream().map(TensorBytes::of).toList(),
                List.of(TensorBytes.of(pattern)));
        try (Emulator emulator = new Emulator()) {
            return MovementRun.outputs(emulator, c, false).get(0);
        }
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }
}

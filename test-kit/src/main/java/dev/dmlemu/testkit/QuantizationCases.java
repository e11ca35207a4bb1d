package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DequantizeOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.QuantizationType;
import dev.dmlemu.desc.QuantizeOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded QUANTIZE and DEQUANTIZE cases (docs/directml-behaviour.md §15.13): ranks 1 to 4, the scale (and zero point)
 * of Sizes dividing the data's, so each covers a block; INT8, UINT8, INT4 and UINT4; SCALE and SCALE_ZERO_POINT;
 * packed or padded data tensors (4-bit ones too); FLOAT32 values with NaN, infinities, signed zeros, halves, huge and
 * denormal ones, scales of either sign, fractions, zero and NaN; the output filled with a byte pattern, so the nibbles
 * a 4-bit output does not hold show whether they were kept.
 */
public final class QuantizationCases {

    private static final TensorDataType[] QUANTIZED = {TensorDataType.INT8, TensorDataType.UINT8,
        TensorDataType.INT4, TensorDataType.UINT4};

    private QuantizationCases() {}

    public static MovementCase quantize(long seed) {
        return generate(new Random(seed), true);
    }

    public static MovementCase dequantize(long seed) {
        return generate(new Random(seed), false);
    }

    private static MovementCase generate(Random random, boolean quantize) {
        int rank = 1 + random.nextInt(4);
        long[] sizes = new long[rank];
        long[] scaleSizes = new long[rank];
        for (int d = 0; d < rank; d++) {
            sizes[d] = 1 + random.nextInt(6);
            List<Long> divisors = new ArrayList<>();
            for (long k = 1; k <= sizes[d]; k++) {
                if (sizes[d] % k == 0) {
                    divisors.add(k);
                }
            }
            scaleSizes[d] = divisors.get(random.nextInt(divisors.size()));
        }
        TensorDataType quantized = QUANTIZED[random.nextInt(QUANTIZED.length)];
        boolean zeroPoint = random.nextBoolean();
        TensorDataType dataType = quantize ? TensorDataType.FLOAT32 : quantized;
        TensorDataType resultType = quantize ? quantized : TensorDataType.FLOAT32;
        BufferTensorDesc data = TensorDraws.packedOrPadded(random, dataType, sizes);
        BufferTensorDesc result = TensorDraws.packedOrPadded(random, resultType, sizes);
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT32, scaleSizes);
        BufferTensorDesc point = BufferTensorDesc.packed(quantized, scaleSizes);
        List<TensorDesc> quantization = zeroPoint ? List.of(scale, point) : List.of(scale);
        QuantizationType type = zeroPoint ? QuantizationType.SCALE_ZERO_POINT : QuantizationType.SCALE;
        OperatorDesc desc = quantize
                ? new QuantizeOperatorDesc(data, type, quantization.size(), quantization, result)
                : new DequantizeOperatorDesc(data, type, quantization.size(), quantization, result);
        List<TensorBytes> inputs = new ArrayList<>();
        inputs.add(TensorBytes.of(quantize ? floats(random, data, false) : integers(random, data)));
        inputs.add(TensorBytes.of(floats(random, scale, true)));
        if (zeroPoint) {
            inputs.add(TensorBytes.of(integers(random, point)));
        }
        byte[] pattern = new byte[Math.toIntExact(result.totalTensorSizeInBytes())];
        java.util.Arrays.fill(pattern, (byte) 0xAB);
        return new MovementCase(desc, inputs, List.of(TensorBytes.of(pattern)));
    }


    private static byte[] floats(Random random, BufferTensorDesc tensor, boolean scale) {
        byte[] bytes = new byte[Math.toIntExact(tensor.totalTensorSizeInBytes())];
        for (int e = 0; e < bytes.length / 4; e++) {
            float value = scale ? scale(random) : value(random);
            LittleEndian.put(bytes, e * 4, 4, Float.floatToRawIntBits(value));
        }
        return bytes;
    }

    private static float value(Random random) {
        return switch (random.nextInt(12)) {
            case 0 -> Float.NaN;
            case 1 -> random.nextBoolean() ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
            case 2 -> random.nextBoolean() ? 0f : -0f;
            case 3 -> random.nextInt(40) - 20 + 0.5f;
            case 4 -> (random.nextBoolean() ? 1 : -1) * random.nextFloat() * 1e10f;
            case 5 -> Float.intBitsToFloat(random.nextInt(0x0080_0000));
            case 6 -> random.nextInt(600) - 300;
            default -> (random.nextFloat() - 0.5f) * random.nextInt(1, 600);
        };
    }

    private static float scale(Random random) {
        return switch (random.nextInt(10)) {
            case 0 -> 1f;
            case 1 -> 0.6f;
            case 2 -> random.nextInt(20) == 0 ? 0f : -0.25f;
            case 3 -> random.nextInt(20) == 0 ? Float.NaN : 3f;
            default -> (random.nextBoolean() ? 1 : -1) * (0.001f + random.nextFloat() * random.nextInt(1, 20));
        };
    }

    private static byte[] integers(Random random, BufferTensorDesc tensor) {
        byte[] bytes = new byte[Math.toIntExact(tensor.totalTensorSizeInBytes())];
        random.nextBytes(bytes);
        return bytes;
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DynamicQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Seeded DYNAMIC_QUANTIZE_LINEAR cases (docs/directml-behaviour.md §15.14): FLOAT32 inputs of rank 1 to 4, packed or
 * padded, into INT8 or UINT8; values in a random range (all positive, all negative or both, spans from 1e-3 to 1e6),
 * some with NaNs, halves, signed zeros, denormals, infinities, or all zero; the outputs filled with a byte pattern.
 */
public final class DynamicQuantizeCases {

    private DynamicQuantizeCases() {}

    public static MovementCase generate(long seed) {
        Random random = new Random(seed);
        int rank = 1 + random.nextInt(4);
        long[] sizes = new long[rank];
        for (int d = 0; d < rank; d++) {
            sizes[d] = 1 + random.nextInt(7);
        }
        TensorDataType type = random.nextBoolean() ? TensorDataType.INT8 : TensorDataType.UINT8;
        BufferTensorDesc input = TensorDraws.packedOrPadded(random, TensorDataType.FLOAT32, sizes);
        BufferTensorDesc output = TensorDraws.packedOrPadded(random, type, sizes);
        long[] ones = new long[rank];
        Arrays.fill(ones, 1);
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT32, ones);
        BufferTensorDesc zeroPoint = BufferTensorDesc.packed(type, ones);
        byte[] values = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
        int kind = random.nextInt(8);
        float span = (float) Math.pow(10, random.nextInt(10) - 3);
        float shift = random.nextInt(3) - 1;
        for (int e = 0; e < values.length / 4; e++) {
            float value = switch (kind) {
                case 0 -> 0f;
                case 1 -> random.nextInt(5) == 0 ? Float.NaN : (random.nextFloat() + shift) * span;
                case 2 -> random.nextInt(11) - 5 + 0.5f;
                case 3 -> random.nextInt(6) == 0 ? (random.nextBoolean() ? -0f : 0f) : (random.nextFloat() - 0.5f);
                case 4 -> Float.intBitsToFloat(random.nextInt(0x0080_0000));
                case 5 -> random.nextInt(9) == 0 ? Float.POSITIVE_INFINITY : random.nextFloat();
                default -> (random.nextFloat() + shift) * span;
            };
            LittleEndian.put(values, e * 4, 4, Float.floatToRawIntBits(value));
        }
        return new MovementCase(new DynamicQuantizeLinearOperatorDesc(input, output, scale, zeroPoint),
                List.of(TensorBytes.of(values)), List.of(filled(output), filled(scale), filled(zeroPoint)));
    }


    private static TensorBytes filled(BufferTensorDesc tensor) {
        byte[] bytes = new byte[Math.toIntExact(tensor.totalTensorSizeInBytes())];
        Arrays.fill(bytes, (byte) 0xAB);
        return TensorBytes.of(bytes);
    }
}

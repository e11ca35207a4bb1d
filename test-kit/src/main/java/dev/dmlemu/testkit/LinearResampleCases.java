package dev.dmlemu.testkit;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.Resample2OperatorDesc;
import dev.dmlemu.desc.Resample3OperatorDesc;
import dev.dmlemu.desc.ResampleOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded FLOAT32 LINEAR resampling cases (docs/directml-behaviour.md §16.11): RESAMPLE, RESAMPLE1, RESAMPLE2 and
 * RESAMPLE3 (not antialiased) over 4-D inputs up to 8 per spatial side, the two spatial dimensions scaled up or down
 * (0.5 to 4, some of them not powers of two), the others not; the pixel-centre offsets (0.5 in, -0.5 out) on the
 * spatial dimensions, 0 on the others (the modelled case: other offsets gave other outputs); finite values of either
 * sign.
 */
public final class LinearResampleCases {

    private static final float[] SCALES = {2f, 3f, 0.5f, 1.5f, 2.5f, 0.75f, 1.3f, 4f, 1f};

    private LinearResampleCases() {}

    public static MovementCase generate(long seed) {
        Random r = new Random(seed);
        long[] in = {1 + r.nextInt(2), 1 + r.nextInt(3), 1 + r.nextInt(8), 1 + r.nextInt(8)};
        List<Float> scales = new ArrayList<>(List.of(1f, 1f, pick(r, SCALES),
                pick(r, SCALES)));
        long[] out = new long[4];
        for (int d = 0; d < 4; d++) {
            out[d] = Math.max(1, (long) Math.floor(in[d] * scales.get(d)));
        }
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, in);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, out);
        List<Float> inOffsets = new ArrayList<>();
        List<Float> outOffsets = new ArrayList<>();
        for (int d = 0; d < 4; d++) {
            boolean spatial = d >= 2;
            inOffsets.add(spatial ? 0.5f : 0f);
            outOffsets.add(spatial ? -0.5f : 0f);
        }
        InterpolationMode mode = InterpolationMode.LINEAR;
        AxisDirection rounding = r.nextBoolean() ? AxisDirection.INCREASING : AxisDirection.DECREASING;
        OperatorDesc desc = switch (r.nextInt(4)) {
            case 0 -> new ResampleOperatorDesc(input, output, mode, 4, scales);
            case 1 -> new Resample1OperatorDesc(input, output, mode, 4, scales, inOffsets, outOffsets);
            case 2 -> new Resample2OperatorDesc(input, output, mode, rounding, 4, scales, inOffsets, outOffsets);
            default -> new Resample3OperatorDesc(input, output, mode, rounding, 4, scales, inOffsets, outOffsets,
                    false);
        };
        byte[] values = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
        for (int e = 0; e < values.length / 4; e++) {
            LittleEndian.put(values, e * 4, 4, Float.floatToRawIntBits((r.nextFloat() - 0.5f) * 100f));
        }
        return new MovementCase(desc, List.of(TensorBytes.of(values)),
                List.of(TensorBytes.unwritten(output.totalTensorSizeInBytes())));
    }

    private static float pick(Random r, float[] values) {
        return values[r.nextInt(values.length)];
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.AveragePooling1OperatorDesc;
import dev.dmlemu.desc.AveragePoolingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded FLOAT32 AVERAGE_POOLING and AVERAGE_POOLING1 cases (docs/directml-behaviour.md §16.10): 4-D, one or two
 * channels, windows of 1 to 45 per side over inputs up to 45 (at most 2,047 taps), strides 1 to 4, start and end
 * padding 0 or 1, IncludePadding either way, AVERAGE_POOLING1 with dilations 1 or 2; a fifth of them a window of the
 * whole input up to 150 x 150 (the tree sums); values small, large and mixed in sign, so the order of the sum shows.
 */
public final class AveragePoolingCases {

    private AveragePoolingCases() {}

    public static MovementCase generate(long seed) {
        Random r = new Random(seed);
        boolean first = r.nextBoolean();
        long channels = 1 + r.nextInt(2);
        long h;
        long w;
        long[] window = new long[2];
        long[] strides = new long[2];
        long[] start = new long[2];
        long[] end = new long[2];
        long[] dilations = {1, 1};
        if (r.nextInt(5) == 0) {
            h = 1 + r.nextInt(150);
            w = 1 + r.nextInt(150);
            window[0] = h;
            window[1] = w;
            strides[0] = strides[1] = 1;
        } else {
            h = 1 + r.nextInt(45);
            w = 1 + r.nextInt(45);
            long[] sizes = {h, w};
            for (int d = 0; d < 2; d++) {
                if (!first && r.nextInt(3) == 0) {
                    dilations[d] = 2;
                }
                strides[d] = 1 + r.nextInt(4);
                start[d] = r.nextInt(2);
                end[d] = r.nextInt(2);
                long reach = sizes[d] + start[d] + end[d];
                long most = Math.max(1, (reach - 1) / dilations[d] + 1);
                window[d] = 1 + r.nextInt((int) Math.min(most, 45));
                if (start[d] >= window[d] * dilations[d]) {
                    start[d] = 0;
                }
                if (end[d] >= window[d] * dilations[d]) {
                    end[d] = 0;
                }
            }
            if (window[0] * window[1] >= 2_048) {
                window[1] = 2_047 / window[0];
            }
        }
        long[] outSpatial = new long[2];
        long[] in = {h, w};
        for (int d = 0; d < 2; d++) {
            long span = (window[d] - 1) * dilations[d] + 1;
            outSpatial[d] = (in[d] + start[d] + end[d] - span) / strides[d] + 1;
        }
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, channels, h, w);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, channels, outSpatial[0],
                outSpatial[1]);
        boolean includePadding = r.nextBoolean();
        OperatorDesc desc = first
                ? new AveragePoolingOperatorDesc(input, output, 2, list(strides), list(window), list(start), list(end),
                        includePadding)
                : new AveragePooling1OperatorDesc(input, output, 2, list(strides), list(window), list(start),
                        list(end), list(dilations), includePadding);
        byte[] values = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
        float scale = r.nextBoolean() ? 1000f : 1f;
        for (int e = 0; e < values.length / 4; e++) {
            LittleEndian.put(values, e * 4, 4, Float.floatToRawIntBits((r.nextFloat() - 0.5f) * scale));
        }
        return new MovementCase(desc, List.of(TensorBytes.of(values)),
                List.of(TensorBytes.unwritten(output.totalTensorSizeInBytes())));
    }

    private static List<Long> list(long[] values) {
        List<Long> list = new ArrayList<>();
        for (long v : values) {
            list.add(v);
        }
        return list;
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.AveragePooling1OperatorDesc;
import dev.dmlemu.desc.AveragePoolingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The naive reference of AVERAGE_POOLING and AVERAGE_POOLING1 on FLOAT32, as measured on the real DLL
 * (docs/directml-behaviour.md §16.10): each window's taps inside the input, row-major, summed in FLOAT32 from +0, divided
 * by their count (by the whole window with IncludePadding); a window of the whole input, without padding, of 2,048
 * elements or more summed as a tree: groups of 4,096, 512 threads each summing every 512th element, the threads added
 * pairwise (lower plus upper half), the groups' sums the same way.
 */
public final class NaiveAveragePooling {

    private NaiveAveragePooling() {}

    public static List<byte[]> run(MovementCase c) {
        List<Long> strides;
        List<Long> window;
        List<Long> start;
        List<Long> dilations;
        boolean includePadding;
        if (c.desc() instanceof AveragePoolingOperatorDesc d) {
            strides = d.strides();
            window = d.windowSize();
            start = d.startPadding();
            dilations = Collections.nCopies(strides.size(), 1L);
            includePadding = d.includePadding();
        } else {
            AveragePooling1OperatorDesc d = (AveragePooling1OperatorDesc) c.desc();
            strides = d.strides();
            window = d.windowSize();
            start = d.startPadding();
            dilations = d.dilations();
            includePadding = d.includePadding();
        }
        BufferTensorDesc input = (BufferTensorDesc) c.desc().tensorFields().get(0).desc();
        BufferTensorDesc output = (BufferTensorDesc) c.desc().tensorFields().get(1).desc();
        long[] in = Shapes.toArray(input.sizes());
        long[] out = Shapes.toArray(output.sizes());
        long[] inStrides = Shapes.toArray(input.effectiveStrides());
        long[] outStrides = Shapes.toArray(output.effectiveStrides());
        int spatial = in.length - 2;
        long windowElements = 1;
        boolean wholeInput = true;
        for (int d = 0; d < spatial; d++) {
            windowElements *= window.get(d);
            wholeInput &= window.get(d) == in[d + 2] && start.get(d) == 0 && dilations.get(d) == 1
                    && out[d + 2] == 1;
        }
        byte[] bytes = c.inputs().get(0).bytes();
        byte[] result = c.outputs().get(0).bytes().clone();
        long[] windowSizes = Shapes.toArray(window);
        for (long o = 0; o < Shapes.product(out); o++) {
            long[] at = Shapes.coordinate(o, out);
            List<Float> taps = new ArrayList<>();
            for (long w = 0; w < windowElements; w++) {
                long[] tap = Shapes.coordinate(w, windowSizes);
                long[] element = at.clone();
                boolean inside = true;
                for (int d = 0; d < spatial; d++) {
                    element[d + 2] = at[d + 2] * strides.get(d) - start.get(d) + tap[d] * dilations.get(d);
                    inside &= element[d + 2] >= 0 && element[d + 2] < in[d + 2];
                }
                if (inside) {
                    taps.add(Float.intBitsToFloat((int) LittleEndian.bits(bytes,
                            Math.toIntExact(4 * Shapes.offset(element, inStrides)), 4)));
                }
            }
            float sum;
            if (wholeInput && windowElements >= 2_048) {
                sum = tree(taps);
            } else {
                sum = 0f;
                for (float x : taps) {
                    sum += x;
                }
            }
            float value = sum / (includePadding ? windowElements : taps.size());
            LittleEndian.put(result, Math.toIntExact(4 * Shapes.offset(at, outStrides)), 4,
                    Float.floatToRawIntBits(value));
        }
        return List.of(result);
    }

    private static float tree(List<Float> values) {
        List<Float> sums = new ArrayList<>();
        for (int group = 0; group < values.size(); group += 4_096) {
            float[] threads = new float[512];
            for (int e = group; e < Math.min(values.size(), group + 4_096); e++) {
                threads[(e - group) % 512] += values.get(e);
            }
            for (int half = 256; half >= 1; half /= 2) {
                for (int t = 0; t < half; t++) {
                    threads[t] = threads[t] + threads[t + half];
                }
            }
            sums.add(threads[0]);
        }
        return sums.size() == 1 ? sums.get(0) : tree(sums);
    }
}

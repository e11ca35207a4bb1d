package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.Resample2OperatorDesc;
import dev.dmlemu.desc.Resample3OperatorDesc;
import dev.dmlemu.desc.ResampleOperatorDesc;
import java.util.Collections;
import java.util.List;

/**
 * The naive reference of LINEAR resampling on FLOAT32, as measured on the real DLL (docs/directml-behaviour.md §16.11):
 * per dimension the source position {@code (o - OutputPixelOffset) * (1 / Scale) - InputPixelOffset} in FLOAT32 (RESAMPLE:
 * offsets 0.5 and -0.5), at least 0, its two neighbours (the upper one clamped to the input) and the fraction between
 * them; the output is interpolated {@code a + t * (b - a)} along the first dimension, then the second, and so on.
 */
public final class NaiveLinearResample {

    private NaiveLinearResample() {}

    public static List<byte[]> run(MovementCase c) {
        List<Float> scales;
        List<Float> inOffsets;
        List<Float> outOffsets;
        if (c.desc() instanceof ResampleOperatorDesc d) {
            scales = d.scales();
            inOffsets = Collections.nCopies(scales.size(), 0.5f);
            outOffsets = Collections.nCopies(scales.size(), -0.5f);
        } else if (c.desc() instanceof Resample1OperatorDesc d) {
            scales = d.scales();
            inOffsets = d.inputPixelOffsets();
            outOffsets = d.outputPixelOffsets();
        } else if (c.desc() instanceof Resample2OperatorDesc d) {
            scales = d.scales();
            inOffsets = d.inputPixelOffsets();
            outOffsets = d.outputPixelOffsets();
        } else {
            Resample3OperatorDesc d = (Resample3OperatorDesc) c.desc();
            scales = d.scales();
            inOffsets = d.inputPixelOffsets();
            outOffsets = d.outputPixelOffsets();
        }
        BufferTensorDesc input = (BufferTensorDesc) c.desc().tensorFields().get(0).desc();
        BufferTensorDesc output = (BufferTensorDesc) c.desc().tensorFields().get(1).desc();
        long[] in = Shapes.toArray(input.sizes());
        long[] out = Shapes.toArray(output.sizes());
        long[] inStrides = Shapes.toArray(input.effectiveStrides());
        int rank = in.length;
        byte[] bytes = c.inputs().get(0).bytes();
        byte[] result = c.outputs().get(0).bytes().clone();
        long[] outStrides = Shapes.toArray(output.effectiveStrides());
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] o = Shapes.coordinate(e, out);
            long[][] neighbours = new long[rank][2];
            float[] t = new float[rank];
            for (int d = 0; d < rank; d++) {
                float x = ((float) o[d] - outOffsets.get(d)) * (1f / scales.get(d)) - inOffsets.get(d);
                x = x < 0 ? 0 : x;
                long low = Math.min((long) Math.floor(x), in[d] - 1);
                neighbours[d][0] = low;
                neighbours[d][1] = Math.min(low + 1, in[d] - 1);
                t[d] = x - low;
            }
            // 2^rank corners, bit d of a corner's number choosing dimension d's upper neighbour.
            float[] corners = new float[1 << rank];
            for (int k = 0; k < corners.length; k++) {
                long[] at = new long[rank];
                for (int d = 0; d < rank; d++) {
                    at[d] = neighbours[d][(k >> d) & 1];
                }
                corners[k] = Float.intBitsToFloat((int) LittleEndian.bits(bytes,
                        Math.toIntExact(4 * Shapes.offset(at, inStrides)), 4));
            }
            // Dimension 0 first: each step halves the corners, pairing those that differ in that dimension's bit.
            for (int d = 0; d < rank; d++) {
                float[] next = new float[corners.length / 2];
                for (int k = 0; k < next.length; k++) {
                    float a = corners[2 * k];
                    float b = corners[2 * k + 1];
                    next[k] = a + t[d] * (b - a);
                }
                corners = next;
            }
            LittleEndian.put(result, Math.toIntExact(4 * Shapes.offset(o, outStrides)), 4,
                    Float.floatToRawIntBits(corners[0]));
        }
        return List.of(result);
    }
}

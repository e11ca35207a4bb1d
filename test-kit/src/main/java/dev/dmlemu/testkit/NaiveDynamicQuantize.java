package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DynamicQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * The naive reference of DYNAMIC_QUANTIZE_LINEAR, as measured on the real DLL (docs/directml-behaviour.md §15.14):
 * the range includes 0 and skips NaNs; scale = (max - min) * (1 / 255) in FLOAT32; with r = 1 / scale, the zero point is
 * the type's least value plus rint(-min * r), and each output rint(x * r) plus the zero point, both saturated, a NaN
 * giving the least value.
 */
public final class NaiveDynamicQuantize {

    private NaiveDynamicQuantize() {}

    public static List<byte[]> run(MovementCase c) {
        DynamicQuantizeLinearOperatorDesc desc = (DynamicQuantizeLinearOperatorDesc) c.desc();
        BufferTensorDesc input = (BufferTensorDesc) desc.inputTensor();
        BufferTensorDesc output = (BufferTensorDesc) desc.outputTensor();
        long[] sizes = Shapes.toArray(input.sizes());
        long[] inStrides = Shapes.toArray(input.effectiveStrides());
        long[] outStrides = Shapes.toArray(output.effectiveStrides());
        byte[] in = c.inputs().get(0).bytes();
        float min = 0;
        float max = 0;
        for (long e = 0; e < Shapes.product(sizes); e++) {
            float x = Float.intBitsToFloat((int) LittleEndian.bits(in,
                    Math.toIntExact(4 * Shapes.offset(Shapes.coordinate(e, sizes), inStrides)), 4));
            if (!Float.isNaN(x)) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
        }
        boolean signed = output.dataType() == TensorDataType.INT8;
        long least = signed ? -128 : 0;
        float scale = (max - min) * (1f / 255f);
        float reciprocal = 1f / scale;
        long zeroPoint = saturate(Math.rint(-min * reciprocal) + least, signed);
        byte[] out = c.outputs().get(0).bytes().clone();
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            float x = Float.intBitsToFloat((int) LittleEndian.bits(in, Math.toIntExact(4 * Shapes.offset(at,
                    inStrides)), 4));
            out[Math.toIntExact(Shapes.offset(at, outStrides))] =
                    (byte) saturate(Math.rint(x * reciprocal) + zeroPoint, signed);
        }
        byte[] scaleOut = c.outputs().get(1).bytes().clone();
        LittleEndian.put(scaleOut, 0, 4, Float.floatToRawIntBits(scale));
        byte[] zeroPointOut = c.outputs().get(2).bytes().clone();
        zeroPointOut[0] = (byte) zeroPoint;
        return List.of(out, scaleOut, zeroPointOut);
    }

    private static long saturate(double v, boolean signed) {
        long least = signed ? -128 : 0;
        long greatest = signed ? 127 : 255;
        return Double.isNaN(v) || v <= least ? least : v >= greatest ? greatest : (long) v;
    }
}

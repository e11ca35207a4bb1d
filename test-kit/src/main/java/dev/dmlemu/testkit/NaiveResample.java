package dev.dmlemu.testkit;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.Resample2OperatorDesc;
import dev.dmlemu.desc.Resample3OperatorDesc;
import dev.dmlemu.desc.ResampleOperatorDesc;
import dev.dmlemu.desc.Upsample2dOperatorDesc;
import java.util.List;

/**
 * DML_UPSAMPLE_2D and DML_RESAMPLE to RESAMPLE3 in nearest-neighbour mode, element by element, from the docs' coordinate
 * relation {@code output = (input + InputPixelOffset) * Scale + OutputPixelOffset} solved for the input in FLOAT32 as
 * the real DLL was measured to (docs/directml-behaviour.md §16.9): {@code (o - OutputPixelOffset) * (1 / Scale) -
 * InputPixelOffset}; RESAMPLE uses offsets 0.5 and -0.5 (pixel centres). RESAMPLE and RESAMPLE1 round FLOAT32
 * coordinates half up and INT8 and UINT8 ones down, RESAMPLE2 and RESAMPLE3 up (INCREASING) or down (DECREASING); a negative result reads the dimension's last element,
 * as does one past it. UPSAMPLE_2D reads {@code [h / ScaleSize.Height, w / ScaleSize.Width]}.
 */
public final class NaiveResample {

    private NaiveResample() {}

    private enum Rounding { HALF_UP, UP, DOWN }

    public static List<byte[]> run(MovementCase c) {
        NaiveElements elements = new NaiveElements(c);
        long[] in = elements.input(0).sizes();
        long[] out = elements.output(0).sizes();
        int rank = out.length;
        float[] scales = new float[rank];
        float[] inputOffsets = new float[rank];
        float[] outputOffsets = new float[rank];
        Rounding rounding = Rounding.HALF_UP;
        long[] upsample = null;
        if (c.desc() instanceof ResampleOperatorDesc d) {
            for (int i = 0; i < rank; i++) {
                scales[i] = d.scales().get(i);
                inputOffsets[i] = 0.5f;
                outputOffsets[i] = -0.5f;
            }
        } else if (c.desc() instanceof Resample1OperatorDesc d) {
            copy(d.scales(), d.inputPixelOffsets(), d.outputPixelOffsets(), scales, inputOffsets, outputOffsets);
        } else if (c.desc() instanceof Resample2OperatorDesc d) {
            copy(d.scales(), d.inputPixelOffsets(), d.outputPixelOffsets(), scales, inputOffsets, outputOffsets);
            rounding = d.roundingDirection() == AxisDirection.INCREASING ? Rounding.UP : Rounding.DOWN;
        } else if (c.desc() instanceof Resample3OperatorDesc d) {
            copy(d.scales(), d.inputPixelOffsets(), d.outputPixelOffsets(), scales, inputOffsets, outputOffsets);
            rounding = d.roundingDirection() == AxisDirection.INCREASING ? Rounding.UP : Rounding.DOWN;
        } else {
            Upsample2dOperatorDesc d = (Upsample2dOperatorDesc) c.desc();
            upsample = new long[rank];
            java.util.Arrays.fill(upsample, 1);
            upsample[rank - 2] = d.scaleSize().height();
            upsample[rank - 1] = d.scaleSize().width();
        }
        if (rounding == Rounding.HALF_UP && !elements.input(0).type().isFloatingPoint()) {
            rounding = Rounding.DOWN;
        }
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] to = Shapes.coordinate(e, out);
            long[] from = new long[rank];
            for (int i = 0; i < rank; i++) {
                from[i] = upsample != null ? to[i] / upsample[i]
                        : source(to[i], scales[i], inputOffsets[i], outputOffsets[i], in[i], rounding);
            }
            elements.copy(0, from, 0, to);
        }
        return elements.outputs();
    }

    private static void copy(List<Float> s, List<Float> io, List<Float> oo, float[] scales, float[] inputOffsets,
            float[] outputOffsets) {
        for (int i = 0; i < scales.length; i++) {
            scales[i] = s.get(i);
            inputOffsets[i] = io.get(i);
            outputOffsets[i] = oo.get(i);
        }
    }

    private static long source(long o, float scale, float inputOffset, float outputOffset, long size,
            Rounding rounding) {
        float reciprocal = 1f / scale;
        float shifted = (float) o - outputOffset;
        float x = shifted * reciprocal;
        x = x - inputOffset;
        float r;
        if (rounding == Rounding.HALF_UP) {
            float half = x + 0.5f;
            r = (float) Math.floor(half);
        } else {
            r = (float) (rounding == Rounding.UP ? Math.ceil(x) : Math.floor(x));
        }
        int converted = Float.isNaN(r) ? 0 : r >= 0x1p31f ? Integer.MAX_VALUE : r <= -0x1p31f ? Integer.MIN_VALUE
                : (int) r;
        if (converted < 0 || converted >= size) {
            return size - 1;
        }
        return converted;
    }
}

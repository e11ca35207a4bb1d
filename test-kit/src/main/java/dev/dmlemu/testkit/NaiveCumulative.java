package dev.dmlemu.testkit;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.CumulativeSummationOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * DML_CUMULATIVE_SUMMATION and DML_CUMULATIVE_PRODUCT as their docs state them, with the order measured on the real
 * DLL (docs/directml-behaviour.md §16): output element {@code k} along the axis (counted in AxisDirection's order) is
 * the sum (product) of inputs {@code 0..k} (exclusive: {@code 0..k-1}, the first being 0 or 1), accumulated one at a
 * time from the first, FLOAT32 rounded after each step, integers modulo 2^width. Each element recomputes its whole
 * prefix: quadratic, and independent of any running state.
 */
public final class NaiveCumulative {

    private NaiveCumulative() {}

    public static List<byte[]> run(MovementCase movement) {
        boolean sum = movement.desc() instanceof CumulativeSummationOperatorDesc;
        int axis;
        boolean backwards;
        boolean exclusive;
        if (sum) {
            CumulativeSummationOperatorDesc d = (CumulativeSummationOperatorDesc) movement.desc();
            axis = (int) d.axis();
            backwards = d.axisDirection() == AxisDirection.DECREASING;
            exclusive = d.hasExclusiveSum();
        } else {
            CumulativeProductOperatorDesc d = (CumulativeProductOperatorDesc) movement.desc();
            axis = (int) d.axis();
            backwards = d.axisDirection() == AxisDirection.DECREASING;
            exclusive = d.hasExclusiveProduct();
        }
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout in = elements.input(0);
        TensorBytes input = movement.inputs().get(0);
        TensorDataType type = in.type();
        int width = in.elementSize();
        long[] sizes = in.sizes();
        long length = sizes[axis];
        byte[] value = new byte[8];
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            long k = backwards ? length - 1 - at[axis] : at[axis];
            long last = exclusive ? k - 1 : k;
            float f = sum ? 0f : 1f;
            long n = sum ? 0 : 1;
            for (long j = 0; j <= last; j++) {
                long[] from = at.clone();
                from[axis] = backwards ? length - 1 - j : j;
                long bits = LittleEndian.bits(input.bytes(), in.byteAt(input, from), width);
                if (type == TensorDataType.FLOAT32) {
                    float x = Float.intBitsToFloat((int) bits);
                    f = sum ? f + x : f * x;
                } else {
                    n = sum ? n + bits : n * bits;
                }
            }
            LittleEndian.put(value, 0, width, type == TensorDataType.FLOAT32 ? Float.floatToRawIntBits(f) : n);
            elements.put(0, at, value, 0);
        }
        return elements.outputs();
    }
}

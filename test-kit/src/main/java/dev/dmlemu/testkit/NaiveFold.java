package dev.dmlemu.testkit;

import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * DML_FOLD (PyTorch's fold, col2im) with the order and arithmetic measured on the real DLL
 * (docs/directml-behaviour.md §16.9): output element {@code [n, c, x]} is the sum of the input elements
 * {@code [n, c * prod(WindowSizes) + w, b]} with {@code b_d * Strides - StartPadding + w_d * Dilations = x_d}, taken in
 * row-major order of the block {@code b}, from +0: FLOAT32 (and FLOAT64) rounded after each step with x86's NaN rules
 * (a NaN accumulator wins over a NaN element, each comes out quiet, an invalid sum gives the default NaN), 32- and
 * 64-bit integers modulo 2^width, INT8 and UINT8 summed wide and saturated once at the end. A Dilations value of 0
 * (where the DLL reads outside the window, not modelled) is refused. Each output element scans every block: slow,
 * and sharing nothing with a kernel.
 */
public final class NaiveFold {

    private static final int DEFAULT_NAN = 0xFFC0_0000;
    private static final long DEFAULT_NAN_64 = 0xFFF8_0000_0000_0000L;

    private NaiveFold() {}

    public static List<byte[]> run(MovementCase c) {
        FoldOperatorDesc desc = (FoldOperatorDesc) c.desc();
        NaiveElements elements = new NaiveElements(c);
        TensorLayout inLayout = elements.input(0);
        TensorBytes input = c.inputs().get(0);
        long[] out = elements.output(0).sizes();
        TensorDataType type = inLayout.type();
        int width = inLayout.elementSize();
        int k = out.length - 2;
        long[] window = new long[k];
        long[] blocks = new long[k];
        for (int d = 0; d < k; d++) {
            window[d] = desc.windowSizes().get(d);
            long extent = desc.dilations().get(d) * (window[d] - 1) + 1;
            blocks[d] = (out[d + 2] + desc.startPadding().get(d) + desc.endPadding().get(d) - extent)
                    / desc.strides().get(d) + 1;
            if (desc.dilations().get(d) == 0) {
                throw new IllegalArgumentException("FOLD with a Dilations value of 0 is not modelled");
            }
        }
        long windowElements = Shapes.product(window);
        byte[] value = new byte[8];
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] at = Shapes.coordinate(e, out);
            long sum = 0;
            for (long b = 0; b < Shapes.product(blocks); b++) {
                long[] block = Shapes.coordinate(b, blocks);
                long[] tap = new long[k];
                boolean covers = true;
                for (int d = 0; d < k && covers; d++) {
                    long reach = at[d + 2] + desc.startPadding().get(d) - block[d] * desc.strides().get(d);
                    long dilation = desc.dilations().get(d);
                    tap[d] = reach / dilation;
                    covers = reach >= 0 && reach % dilation == 0 && tap[d] < window[d];
                }
                if (covers) {
                    long row = at[1] * windowElements + Shapes.offset(tap, Shapes.packedStrides(window));
                    long[] from = {at[0], row, b};
                    sum = add(type, sum, LittleEndian.bits(input.bytes(), inLayout.byteAt(input, from), width));
                }
            }
            LittleEndian.put(value, 0, width, finish(type, sum));
            elements.put(0, at, value, 0);
        }
        return elements.outputs();
    }

    /** One step of the running sum, on raw bits (INT8 sign-extended, the other integers as read). */
    private static long add(TensorDataType type, long sum, long element) {
        return switch (type) {
            case FLOAT32 -> {
                float a = Float.intBitsToFloat((int) sum);
                float x = Float.intBitsToFloat((int) element);
                if (Float.isNaN(a)) {
                    yield sum | 0x40_0000;
                }
                if (Float.isNaN(x)) {
                    yield (element | 0x40_0000) & 0xFFFF_FFFFL;
                }
                float r = a + x;
                yield Float.isNaN(r) ? DEFAULT_NAN & 0xFFFF_FFFFL : Float.floatToRawIntBits(r) & 0xFFFF_FFFFL;
            }
            case FLOAT64 -> {
                double a = Double.longBitsToDouble(sum);
                double x = Double.longBitsToDouble(element);
                if (Double.isNaN(a)) {
                    yield sum | 0x8_0000_0000_0000L;
                }
                if (Double.isNaN(x)) {
                    yield element | 0x8_0000_0000_0000L;
                }
                double r = a + x;
                yield Double.isNaN(r) ? DEFAULT_NAN_64 : Double.doubleToRawLongBits(r);
            }
            case INT8 -> sum + (byte) element;
            default -> sum + element;
        };
    }

    private static long finish(TensorDataType type, long sum) {
        return switch (type) {
            case INT8 -> Math.max(-128, Math.min(127, sum));
            case UINT8 -> Math.min(255, sum);
            default -> sum;
        };
    }
}

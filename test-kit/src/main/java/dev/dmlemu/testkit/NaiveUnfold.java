package dev.dmlemu.testkit;

import dev.dmlemu.desc.UnfoldOperatorDesc;
import java.util.List;

/**
 * DML_UNFOLD from the docs' description (PyTorch's unfold): for every block {@code b} and window element {@code w}
 * (both row-major), output {@code [n, c * prod(WindowSizes) + w, b]} is input
 * {@code [n, c, b_d * Strides - StartPadding + w_d * Dilations]}, or zero in the padding.
 */
public final class NaiveUnfold {

    private NaiveUnfold() {}

    public static List<byte[]> run(MovementCase c) {
        UnfoldOperatorDesc desc = (UnfoldOperatorDesc) c.desc();
        NaiveElements elements = new NaiveElements(c);
        long[] in = elements.input(0).sizes();
        int k = in.length - 2;
        long[] window = new long[k];
        long[] blocks = new long[k];
        for (int d = 0; d < k; d++) {
            window[d] = desc.windowSizes().get(d);
            long extent = desc.dilations().get(d) * (window[d] - 1) + 1;
            blocks[d] = (in[d + 2] + desc.startPadding().get(d) + desc.endPadding().get(d) - extent)
                    / desc.strides().get(d) + 1;
        }
        byte[] zero = new byte[8];
        for (long n = 0; n < in[0]; n++) {
            for (long ch = 0; ch < in[1]; ch++) {
                for (long w = 0; w < Shapes.product(window); w++) {
                    long[] tap = Shapes.coordinate(w, window);
                    for (long b = 0; b < Shapes.product(blocks); b++) {
                        long[] block = Shapes.coordinate(b, blocks);
                        long[] from = new long[in.length];
                        from[0] = n;
                        from[1] = ch;
                        boolean inside = true;
                        for (int d = 0; d < k; d++) {
                            from[d + 2] = block[d] * desc.strides().get(d) - desc.startPadding().get(d)
                                    + tap[d] * desc.dilations().get(d);
                            inside &= from[d + 2] >= 0 && from[d + 2] < in[d + 2];
                        }
                        long[] to = {n, ch * Shapes.product(window) + w, b};
                        if (inside) {
                            elements.copy(0, from, 0, to);
                        } else {
                            elements.put(0, to, zero, 0);
                        }
                    }
                }
            }
        }
        return elements.outputs();
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.SliceGradOperatorDesc;
import java.util.List;

/**
 * DML_SLICE_GRAD as its docs state it: the output gradient is 0 except where SLICE1 with the same window reads, which
 * takes the input gradient's element: for each output element, the input-gradient coordinate whose window position it
 * is, found by solving {@code start + stride * c = position} per dimension.
 */
public final class NaiveSliceGrad {

    private NaiveSliceGrad() {}

    public static List<byte[]> run(MovementCase movement) {
        SliceGradOperatorDesc desc = (SliceGradOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        long[] small = elements.input(0).sizes();
        long[] large = elements.output(0).sizes();
        byte[] zero = new byte[8];
        for (long e = 0; e < Shapes.product(large); e++) {
            long[] to = Shapes.coordinate(e, large);
            long[] from = new long[to.length];
            boolean inside = true;
            for (int d = 0; d < to.length && inside; d++) {
                long stride = desc.inputWindowStrides().get(d);
                long start = desc.inputWindowOffsets().get(d)
                        + (stride < 0 ? desc.inputWindowSizes().get(d) - 1 : 0);
                long distance = to[d] - start;
                if (small[d] == 1) {
                    inside = distance == 0;
                    from[d] = 0;
                } else {
                    inside = distance % stride == 0 && distance / stride >= 0 && distance / stride < small[d];
                    from[d] = inside ? distance / stride : 0;
                }
            }
            if (inside) {
                elements.copy(0, from, 0, to);
            } else {
                elements.put(0, to, zero, 0);
            }
        }
        return elements.outputs();
    }
}

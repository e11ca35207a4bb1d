package dev.dmlemu.testkit;

import dev.dmlemu.desc.Slice1OperatorDesc;
import dev.dmlemu.desc.SliceOperatorDesc;
import java.util.List;

/**
 * DML_SLICE and DML_SLICE1 as their docs state them: {@code Output[c] = Input[start + stride * c]} per dimension,
 * SLICE1's start moved to the window's last element along a negative stride. Element by element, no merging.
 */
public final class NaiveSlice {

    private NaiveSlice() {}

    /** The output arrays after one execution. */
    public static List<byte[]> run(MovementCase movement) {
        long[] starts;
        long[] strides;
        if (movement.desc() instanceof SliceOperatorDesc slice) {
            starts = Shapes.toArray(slice.offsets());
            strides = Shapes.toArray(slice.strides());
        } else {
            Slice1OperatorDesc slice = (Slice1OperatorDesc) movement.desc();
            int n = slice.inputWindowStrides().size();
            starts = new long[n];
            strides = new long[n];
            for (int d = 0; d < n; d++) {
                strides[d] = slice.inputWindowStrides().get(d);
                starts[d] = slice.inputWindowOffsets().get(d)
                        + (strides[d] < 0 ? slice.inputWindowSizes().get(d) - 1 : 0);
            }
        }
        NaiveElements elements = new NaiveElements(movement);
        long[] sizes = elements.output(0).sizes();
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] to = Shapes.coordinate(e, sizes);
            long[] from = new long[to.length];
            for (int d = 0; d < to.length; d++) {
                from[d] = starts[d] + strides[d] * to[d];
            }
            elements.copy(0, from, 0, to);
        }
        return elements.outputs();
    }
}

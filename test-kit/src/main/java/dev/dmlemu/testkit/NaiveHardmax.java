package dev.dmlemu.testkit;

import dev.dmlemu.desc.ActivationHardmax1OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;

/**
 * DML_ACTIVATION_HARDMAX and HARDMAX1 as their docs state them, with what the real DLL was measured to do
 * (docs/directml-behaviour.md §16.7, "Hardmax"): 1 for the first largest element of each group the reduced axes
 * gather (HARDMAX: the last dimension; HARDMAX1: its Axes, repeats and order aside, none meaning every element is its
 * own group), +0 for the others. The groups are walked row-major; a later element replaces the candidate only when it
 * is strictly larger, a comparison with a NaN being false, so a NaN that comes first stays.
 */
public final class NaiveHardmax {

    private NaiveHardmax() {}

    public static List<byte[]> run(MovementCase movement) {
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout in = elements.input(0);
        TensorLayout out = elements.output(0);
        TensorBytes input = movement.inputs().get(0);
        long[] sizes = in.sizes();
        List<Long> axes = new ArrayList<>();
        if (movement.desc() instanceof ActivationHardmax1OperatorDesc d) {
            axes.addAll(d.axes());
        } else {
            axes.add((long) sizes.length - 1);
        }
        long[] groupSizes = sizes.clone();
        for (long axis : axes) {
            groupSizes[(int) axis] = 1;
        }
        int groups = (int) Shapes.product(groupSizes);
        long[] best = new long[groups];
        long[] bestElement = new long[groups];
        java.util.Arrays.fill(bestElement, -1);
        SelectionOrder order = new SelectionOrder(in.type());
        long count = Shapes.product(sizes);
        for (long e = 0; e < count; e++) {
            long[] at = Shapes.coordinate(e, sizes);
            int g = group(at, axes, groupSizes);
            long x = LittleEndian.bits(input.bytes(), in.byteAt(input, at), in.elementSize());
            if (bestElement[g] < 0 || order.above(x, best[g])) {
                best[g] = x;
                bestElement[g] = e;
            }
        }
        long one = out.type() == TensorDataType.FLOAT16 ? 0x3C00 : Float.floatToRawIntBits(1f);
        byte[] value = new byte[8];
        for (long e = 0; e < count; e++) {
            long[] at = Shapes.coordinate(e, sizes);
            int g = group(at, axes, groupSizes);
            LittleEndian.put(value, 0, out.elementSize(), bestElement[g] == e ? one : 0);
            elements.put(0, at, value, 0);
        }
        return elements.outputs();
    }

    /** The group element {@code at} belongs to: its coordinate with the reduced axes at 0, row-major. */
    private static int group(long[] at, List<Long> axes, long[] groupSizes) {
        long[] onto = at.clone();
        for (long axis : axes) {
            onto[(int) axis] = 0;
        }
        return (int) Shapes.offset(onto, Shapes.packedStrides(groupSizes));
    }
}

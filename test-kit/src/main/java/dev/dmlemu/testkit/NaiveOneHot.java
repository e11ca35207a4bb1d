package dev.dmlemu.testkit;

import dev.dmlemu.desc.OneHotOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * DML_ONE_HOT as its docs state it, element by element: along Axis, the element at the sequence's index is the on
 * value (the ValuesTensor's element 1 along its last dimension, as measured: the second element of a packed tensor),
 * every other the off value (its first); a negative
 * index of a signed type counts from the sequence's end, and an index outside the sequence leaves it all off
 * ({@code isHot} says how wide an index is compared).
 */
public final class NaiveOneHot {

    private NaiveOneHot() {}

    public static List<byte[]> run(MovementCase movement) {
        OneHotOperatorDesc desc = (OneHotOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout indices = elements.input(0);
        TensorLayout values = elements.input(1);
        long[] out = elements.output(0).sizes();
        int axis = (int) desc.axis();
        long depth = out[axis];
        long[] off = new long[values.rank()];
        long[] on = new long[values.rank()];
        on[on.length - 1] = 1; // measured: through the last dimension's stride, whatever its size
        TensorBytes indexBytes = movement.inputs().get(0);
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] to = Shapes.coordinate(e, out);
            long[] at = to.clone();
            at[axis] = 0;
            long index = LittleEndian.index(indices.type(), indexBytes.bytes(), indices.byteAt(indexBytes, at));
            elements.copy(1, isHot(indices.type(), index, depth, to[axis]) ? on : off, 0, to);
        }
        return elements.outputs();
    }

    /**
     * Whether an index of this type names {@code position} of a sequence of {@code depth} elements, as measured
     * (docs/directml-behaviour.md §16.8): UINT32 and UINT64 name the position they equal; INT32 and INT64 count from
     * the end when negative, and then only their low 32 bits count, read unsigned.
     */
    static boolean isHot(TensorDataType type, long index, long depth, long position) {
        if (type == TensorDataType.UINT32 || type == TensorDataType.UINT64) {
            return index == position;
        }
        long fromStart = index < 0 ? depth + index : index;
        return Long.remainderUnsigned(fromStart, 1L << 32) == position;
    }
}

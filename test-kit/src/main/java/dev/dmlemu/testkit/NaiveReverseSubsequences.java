package dev.dmlemu.testkit;

import dev.dmlemu.desc.ReverseSubsequencesOperatorDesc;
import java.util.List;

/**
 * DML_REVERSE_SUBSEQUENCES element by element, as its docs state it for lengths within the axis and as measured past
 * it (docs/directml-behaviour.md §16.8): along Axis, output element {@code k} of a line is input element
 * {@code min(L - 1 - k, size - 1)} for {@code k < L} and {@code k} after, {@code L} the first 4 bytes of the line's
 * sequence length (a UINT64's low half).
 */
public final class NaiveReverseSubsequences {

    private NaiveReverseSubsequences() {}

    public static List<byte[]> run(MovementCase movement) {
        ReverseSubsequencesOperatorDesc desc = (ReverseSubsequencesOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout lengths = elements.input(1);
        TensorBytes lengthBytes = movement.inputs().get(1);
        long[] sizes = elements.output(0).sizes();
        int axis = (int) desc.axis();
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] to = Shapes.coordinate(e, sizes);
            long[] at = to.clone();
            at[axis] = 0;
            long length = LittleEndian.bits(lengthBytes.bytes(), lengths.byteAt(lengthBytes, at), 4);
            long[] from = to.clone();
            if (to[axis] < length) {
                from[axis] = Math.min(length - 1 - to[axis], sizes[axis] - 1);
            }
            elements.copy(0, from, 0, to);
        }
        return elements.outputs();
    }
}

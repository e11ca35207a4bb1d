package dev.dmlemu.testkit;

import java.util.List;

/**
 * DML_MAX_UNPOOLING as its docs state it and as measured (docs/directml-behaviour.md §16.8), element by element: every
 * output element 0, then each input element, in row-major order, written to the output element whose row-major
 * number is its index (across the whole output; a UINT64 index by its low 32 bits); an index past the output writes
 * nothing, and a later write to the same element replaces an earlier one.
 */
public final class NaiveMaxUnpooling {

    private NaiveMaxUnpooling() {}

    public static List<byte[]> run(MovementCase movement) {
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout input = elements.input(0);
        TensorLayout indices = elements.input(1);
        long[] out = elements.output(0).sizes();
        byte[] zero = new byte[8];
        for (long e = 0; e < Shapes.product(out); e++) {
            elements.put(0, Shapes.coordinate(e, out), zero, 0);
        }
        TensorBytes indexBytes = movement.inputs().get(1);
        for (long e = 0; e < Shapes.product(input.sizes()); e++) {
            long[] at = Shapes.coordinate(e, input.sizes());
            long index = LittleEndian.bits(indexBytes.bytes(), indices.byteAt(indexBytes, at), 4);
            if (index < Shapes.product(out)) {
                elements.copy(0, at, 0, Shapes.coordinate(index, out));
            }
        }
        return elements.outputs();
    }
}

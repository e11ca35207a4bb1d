package dev.dmlemu.testkit;

import java.util.List;

/** DML_TILE as its docs state it: {@code Output[c] = Input[c mod InputSizes]}, element by element. */
public final class NaiveTile {

    private NaiveTile() {}

    public static List<byte[]> run(MovementCase movement) {
        NaiveElements elements = new NaiveElements(movement);
        long[] in = elements.input(0).sizes();
        long[] out = elements.output(0).sizes();
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] to = Shapes.coordinate(e, out);
            long[] from = new long[to.length];
            for (int d = 0; d < to.length; d++) {
                from[d] = to[d] % in[d];
            }
            elements.copy(0, from, 0, to);
        }
        return elements.outputs();
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import java.util.List;

/**
 * DML_JOIN and DML_SPLIT as their docs state them: the whole tensor is the parts concatenated along Axis in order.
 * Element by element over the whole tensor, finding each element's part by walking the parts' sizes.
 */
public final class NaiveJoin {

    private NaiveJoin() {}

    /** The output arrays after one execution of a JOIN or a SPLIT. */
    public static List<byte[]> run(MovementCase movement) {
        boolean join = movement.desc() instanceof JoinOperatorDesc;
        int axis = (int) (join ? ((JoinOperatorDesc) movement.desc()).axis()
                : ((SplitOperatorDesc) movement.desc()).axis());
        NaiveElements elements = new NaiveElements(movement);
        int parts = join ? movement.inputs().size() : movement.outputs().size();
        long[] wholeSizes = join ? elements.output(0).sizes() : elements.input(0).sizes();
        for (long e = 0; e < Shapes.product(wholeSizes); e++) {
            long[] whole = Shapes.coordinate(e, wholeSizes);
            long[] part = whole.clone();
            int p = 0;
            while (part[axis] >= (join ? elements.input(p) : elements.output(p)).sizes()[axis]) {
                part[axis] -= (join ? elements.input(p) : elements.output(p)).sizes()[axis];
                p++;
            }
            if (p >= parts) {
                throw new IllegalStateException("the parts do not cover the whole tensor");
            }
            if (join) {
                elements.copy(p, part, 0, whole);
            } else {
                elements.copy(0, whole, p, part);
            }
        }
        return elements.outputs();
    }
}

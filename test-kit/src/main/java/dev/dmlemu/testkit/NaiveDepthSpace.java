package dev.dmlemu.testkit;

import dev.dmlemu.desc.DepthSpaceOrder;
import dev.dmlemu.desc.DepthToSpace1OperatorDesc;
import dev.dmlemu.desc.DepthToSpaceOperatorDesc;
import dev.dmlemu.desc.SpaceToDepth1OperatorDesc;
import dev.dmlemu.desc.SpaceToDepthOperatorDesc;
import java.util.List;

/**
 * DML_SPACE_TO_DEPTH(1) and DML_DEPTH_TO_SPACE(1) as their docs state them: the spatial element
 * {@code [n, c, y, x]} is the depth element {@code [n, d, y / b, x / b]}, with {@code d = ((y % b) * b + x % b) * C + c}
 * in DEPTH_COLUMN_ROW order (the operators without "1") or {@code d = (c * b + y % b) * b + x % b} in
 * COLUMN_ROW_DEPTH. Walks the output element by element.
 */
public final class NaiveDepthSpace {

    private NaiveDepthSpace() {}

    public static List<byte[]> run(MovementCase movement) {
        long b;
        DepthSpaceOrder order = DepthSpaceOrder.DEPTH_COLUMN_ROW;
        boolean toDepth;
        if (movement.desc() instanceof SpaceToDepthOperatorDesc d) {
            b = d.blockSize();
            toDepth = true;
        } else if (movement.desc() instanceof SpaceToDepth1OperatorDesc d) {
            b = d.blockSize();
            order = d.order();
            toDepth = true;
        } else if (movement.desc() instanceof DepthToSpaceOperatorDesc d) {
            b = d.blockSize();
            toDepth = false;
        } else {
            DepthToSpace1OperatorDesc d = (DepthToSpace1OperatorDesc) movement.desc();
            b = d.blockSize();
            order = d.order();
            toDepth = false;
        }
        NaiveElements elements = new NaiveElements(movement);
        long[] out = elements.output(0).sizes();
        long channels = (toDepth ? elements.input(0) : elements.output(0)).sizes()[1];
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] to = Shapes.coordinate(e, out);
            long[] from;
            if (toDepth) {
                // to is [n, d, h, w]: find c, i, j from d.
                long dd = to[1];
                long c = order == DepthSpaceOrder.DEPTH_COLUMN_ROW ? dd % channels : dd / (b * b);
                long ij = order == DepthSpaceOrder.DEPTH_COLUMN_ROW ? dd / channels : dd % (b * b);
                from = new long[] {to[0], c, to[2] * b + ij / b, to[3] * b + ij % b};
            } else {
                // to is [n, c, y, x].
                long i = to[2] % b;
                long j = to[3] % b;
                long dd = order == DepthSpaceOrder.DEPTH_COLUMN_ROW ? (i * b + j) * channels + to[1]
                        : (to[1] * b + i) * b + j;
                from = new long[] {to[0], dd, to[2] / b, to[3] / b};
            }
            elements.copy(0, from, 0, to);
        }
        return elements.outputs();
    }
}

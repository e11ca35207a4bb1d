package dev.dmlemu.emulator;

import java.nio.ByteBuffer;

/**
 * Row-major order over the plan's merged dimensions, reading the input in place, one row segment at a time. A work
 * unit is one output element. The general order: any strides, any axis size.
 */
final class RowOrder extends Traversal {

    private final long rowLength;

    RowOrder(GatherPlan plan, GatherLoops loops) {
        super(plan, loops);
        this.rowLength = plan.sizes[last];
    }

    @Override
    long units() {
        return plan.elementCount;
    }

    @Override
    void run(BoundBuffers buffers, long begin, long end, Workspace workspace) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        CoordinateCursor rows = workspace.rows();
        long inner = rows.seekElement(begin, rowLength);
        long todo = end - begin;
        while (todo > 0) {
            int n = (int) Math.min(rowLength - inner, todo);
            // Narrowed to int only on bound buffers, where every in-range offset fits (see GatherKernel).
            int inPos = (int) (rows.offset(0) + inner * plan.inputStrides[last]);
            int idxPos = (int) (rows.offset(1) + inner * plan.indicesStrides[last]);
            int outPos = (int) (rows.offset(2) + inner * plan.outputStrides[last]);
            if (plan.fastAxis) {
                loops.stridedRow(in, idx, out, inPos, idxPos, outPos, n);
            } else {
                loops.wideAxisRow(in, idx, out, inPos, idxPos, outPos, n);
            }
            todo -= n;
            inner = 0;
            rows.next();
        }
    }
}

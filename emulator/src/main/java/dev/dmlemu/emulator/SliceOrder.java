package dev.dmlemu.emulator;

import java.nio.ByteBuffer;

/**
 * Row-major order for a gather whose innermost dimension is a slice: one index per row, with input and output
 * contiguous along the row (Gather along any axis but the last, such as an embedding lookup). Each row reads its
 * index once and, when it is in range, copies the whole input slice in one bulk move; a row whose index is out of
 * range goes element by element through the loops and the plan's {@link OutOfRangeRule}, which follow the index's
 * read as DirectML walks it. A work unit is one row.
 */
final class SliceOrder extends Traversal {

    /** Rows shorter than this take the element loop: a bulk move costs more than it saves. */
    static final int MIN_SLICE = 8;

    private final long rowLength;
    private final long axisStrideBytes;

    SliceOrder(GatherPlan plan, GatherLoops loops) {
        super(plan, loops);
        this.rowLength = plan.sizes[last];
        this.axisStrideBytes = plan.axisStride * plan.elementSize;
    }

    /** Whether a plan's layout suits this order. */
    static boolean suits(GatherPlan plan) {
        int last = plan.sizes.length - 1;
        return plan.fastAxis && plan.indicesStrides[last] == 0 && plan.inputStrides[last] == plan.elementSize
                && plan.outputStrides[last] == plan.elementSize && plan.sizes[last] >= MIN_SLICE;
    }

    @Override
    long units() {
        return plan.elementCount / rowLength;
    }

    @Override
    void run(BoundBuffers buffers, long begin, long end, Workspace workspace) {
        CoordinateCursor rows = workspace.rows();
        rows.seek(begin);
        for (long row = begin; row < end; row += ROWS_PER_CALL) {
            copyRows(buffers, rows, (int) Math.min(ROWS_PER_CALL, end - row));
        }
    }

    /**
     * Rows per call of {@link #copyRows}: a method called once per dispatch with a loop over every row is compiled
     * only on-stack, after several dispatches run in the interpreter (16,384 rows a dispatch took 30-57 ms instead of
     * 19-25 ms in the first ten dispatches of the EMBEDDING workload); called per 16 rows, the JIT compiles it within
     * the first dispatch.
     */
    private static final int ROWS_PER_CALL = 16;

    /** Copies the next {@code count} rows from where the cursor is, and moves it past them. */
    private void copyRows(BoundBuffers buffers, CoordinateCursor rows, int count) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        int n = (int) rowLength;
        int bytes = n * plan.elementSize;
        for (int r = 0; r < count; r++) {
            // Narrowed to int only on bound buffers, where every in-range offset fits (see GatherKernel).
            int inPos = (int) rows.offset(0);
            int idxPos = (int) rows.offset(1);
            int outPos = (int) rows.offset(2);
            long raw = loops.indexAt(idx, idxPos);
            long position = raw < 0 ? raw + plan.wrapMask : raw;
            if (Long.compareUnsigned(position, plan.axisSize) < 0) {
                BulkCopy.copy(in, (int) (inPos + position * axisStrideBytes), out, outPos, bytes);
            } else {
                loops.stridedRow(in, idx, out, inPos, idxPos, outPos, n);
            }
            rows.next();
        }
    }
}

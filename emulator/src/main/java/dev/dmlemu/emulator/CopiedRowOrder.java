package dev.dmlemu.emulator;

/**
 * Row-major order for an axis on the contiguous innermost dimension with contiguous indices and output (W2, W4,
 * BROADCAST): each input row is copied into an array of the element's width, then indices are read and output
 * written one element at a time through typed views. The random reads then hit a small private array instead of a
 * row of a large buffer whose cache sets the index and output streams share, and nothing is staged twice (measured
 * 2x faster than moving indices and output in bulk pieces through scratch arrays). Rows shorter than the tuning's
 * copy threshold are read in place: copying them would cost more than it saves. A work unit is one output element.
 */
final class CopiedRowOrder extends Traversal {

    /** The longest input row copied. */
    static final int MAX_ROW = 1 << 16;
    /** Rows at least this long are copied before gathering; shorter ones are read in place. */
    static final int ROW_COPY_MIN = 64;

    private final int rowLength;
    private final boolean copyRows;
    /** log2 of the index and element sizes: byte offsets to typed-view positions without a division. */
    private final int indexShift;
    private final int elementShift;

    CopiedRowOrder(GatherPlan plan, GatherLoops loops, int rowCopyMin) {
        super(plan, loops);
        this.rowLength = (int) plan.axisSize;
        this.copyRows = rowLength >= rowCopyMin;
        this.indexShift = Integer.numberOfTrailingZeros(plan.indexSize);
        this.elementShift = Integer.numberOfTrailingZeros(plan.elementSize);
    }

    /** Whether a plan's layout suits this order (the plan must also have an axis that fits an int). */
    static boolean suits(GatherPlan plan) {
        int last = plan.sizes.length - 1;
        return plan.fastAxis && plan.axisDim == last && plan.inputStrides[last] == 0
                && (plan.axisSize == 1 || plan.axisStride == 1) && plan.indicesStrides[last] == plan.indexSize
                && plan.outputStrides[last] == plan.elementSize && plan.axisSize <= MAX_ROW;
    }

    @Override
    long units() {
        return plan.elementCount;
    }

    @Override
    Workspace workspace() {
        return new Workspace(plan.rowCursor(), null, copyRows ? loops.newScratch(rowLength) : null);
    }

    @Override
    void run(BoundBuffers buffers, long begin, long end, Workspace workspace) {
        long rowSize = plan.sizes[last];
        Object row = workspace.scratch();
        CoordinateCursor rows = workspace.rows();
        long inner = rows.seekElement(begin, rowSize);
        long todo = end - begin;
        long copiedRow = -1;
        while (todo > 0) {
            int n = (int) Math.min(rowSize - inner, todo);
            long inRow = rows.offset(0); // the row's non-axis input offset in bytes; the axis stride is one element
            int inBase = (int) inRow;
            int idxAt = (int) ((rows.offset(1) >> indexShift) + inner);
            int outAt = (int) ((rows.offset(2) >> elementShift) + inner);
            if (row == null) {
                loops.inPlaceRow(buffers, inBase, idxAt, outAt, n);
            } else {
                if (inRow != copiedRow) { // a broadcast input row (stride 0) is copied once
                    loops.copyLine(buffers, inBase, plan.elementSize, row, 0, rowLength);
                    copiedRow = inRow;
                }
                loops.copiedRow(buffers, inBase, row, idxAt, outAt, n);
            }
            todo -= n;
            inner = 0;
            rows.next();
        }
    }
}

package dev.dmlemu.emulator;

import java.nio.ByteBuffer;

/**
 * The gather itself, on little-endian buffers whose index 0 is the start of each tensor (see {@link BoundBuffers}):
 * the plan's {@link GatherLoops} (generated per element size and index width), its {@link OutOfRangeRule} and one
 * {@link Traversal}, all chosen once here. Stateless apart from those immutable parts, so one kernel serves any
 * number of concurrent executions.
 *
 * <p>Data moves as raw 1/2/4/8-byte integers, so float bit patterns (NaN payloads, -0.0, float16) survive. All
 * in-range byte offsets fit in an {@code int}: a binding lies inside a {@link ByteBuffer}, whose capacity is an int,
 * and covers TotalTensorSizeInBytes, which covers every element the strides address.
 */
final class GatherKernel {

    /**
     * The most bytes of input {@link CopiedTileOrder} copies per tile (4 MiB tiles measured as fast as 1 MiB ones on
     * the 4096x4096 shapes); a larger tile is gathered in place.
     */
    static final long TILE_COPY_MAX = 4 * TileGeometry.TILE_BYTES;

    static {
        BufferClasses.load();
    }

    private final GatherPlan plan;
    private final GatherLoops loops;
    private final Traversal traversal;
    private final WorkspacePool<Workspace> workspaces;

    /**
     * @param forcedTile elements per tile when positive (tests use it to reach the tiled order on small shapes)
     * @param rowCopyMin the shortest row {@link CopiedRowOrder} copies (tests lower it to reach the copy on small
     *     shapes)
     * @param tileCopyMax the most bytes {@link CopiedTileOrder} copies per tile; larger tiles are read in place
     *     (tests pass 0 to reach that order on small shapes)
     * @param workers how many workers may run at once (the workspaces kept between executions)
     */
    GatherKernel(GatherPlan plan, long forcedTile, int rowCopyMin, long tileCopyMax, int workers) {
        this.plan = plan;
        this.loops = GatherLoopFamily.select(plan, OutOfRangeRule.of(plan));
        TileGeometry tiles = TileGeometry.of(plan, forcedTile);
        if (SliceOrder.suits(plan)) {
            traversal = new SliceOrder(plan, loops);
        } else if (CopiedRowOrder.suits(plan)) {
            traversal = new CopiedRowOrder(plan, loops, rowCopyMin);
        } else if (tiles != null && CopiedTileOrder.suits(plan, tiles, tileCopyMax)) {
            traversal = new CopiedTileOrder(plan, loops, tiles);
        } else if (tiles != null) {
            traversal = new TiledOrder(plan, loops, tiles);
        } else {
            traversal = new RowOrder(plan, loops);
        }
        this.workspaces = new WorkspacePool<>(workers, traversal::workspace);
    }

    GatherPlan plan() {
        return plan;
    }

    /** Whether executions take {@link SliceOrder} (tests use it to aim cases at that order). */
    boolean sliced() {
        return traversal instanceof SliceOrder;
    }

    /** Whether executions take {@link CopiedRowOrder} (tests use it to aim cases at that order). */
    boolean rowsBulk() {
        return traversal instanceof CopiedRowOrder;
    }

    /** Whether executions take {@link CopiedTileOrder} (tests use it to aim cases at that order). */
    boolean tilesBulk() {
        return traversal instanceof CopiedTileOrder;
    }

    /** How many work units an execution has; threads split this range. */
    long units() {
        return traversal.units();
    }

    /** Runs work units {@code [begin, end)} of {@link #units()}. */
    void gather(BoundBuffers buffers, long begin, long end) {
        Workspace workspace = workspaces.take();
        try {
            traversal.run(buffers, begin, end, workspace);
        } finally {
            workspaces.give(workspace);
        }
    }

    /** Drops the workspaces kept between executions (their scratch arrays). */
    void forgetWorkspaces() {
        workspaces.clear();
    }

    /**
     * The number of the first element in {@code [begin, end)} (row-major) whose index is out of range, or -1. Used
     * by {@link IndexPolicy#STRICT} before anything is written.
     */
    long firstOutOfRange(ByteBuffer idx, long begin, long end) {
        int last = plan.sizes.length - 1;
        long rowLength = plan.sizes[last];
        // Every order's workspace holds the plan's row cursor, so the check borrows one instead of making its own.
        Workspace workspace = workspaces.take();
        try {
            CoordinateCursor rows = workspace.rows();
            long inner = rows.seekElement(begin, rowLength);
            long number = begin;
            while (number < end) {
                int n = (int) Math.min(rowLength - inner, end - number);
                int found = loops.firstOutOfRange(idx, (int) (rows.offset(1) + inner * plan.indicesStrides[last]), n);
                if (found >= 0) {
                    return number + found;
                }
                number += n;
                inner = 0;
                rows.next();
            }
            return -1;
        } finally {
            workspaces.give(workspace);
        }
    }

    /** The index value at an element number, as a 64-bit value (INT32 sign-extended, UINT32 zero-extended). */
    long indexAt(ByteBuffer idx, long number) {
        long pos = 0;
        long rest = number;
        for (int d = plan.sizes.length - 1; d >= 0; d--) {
            pos += (rest % plan.sizes[d]) * plan.indicesStrides[d];
            rest /= plan.sizes[d];
        }
        return loops.indexAt(idx, (int) pos);
    }
}

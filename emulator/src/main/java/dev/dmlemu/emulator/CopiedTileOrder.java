package dev.dmlemu.emulator;

import java.util.Arrays;

/**
 * The tiled order of {@link TileGeometry} through a copy: per unit, the input lines the tile can read (every axis
 * position and middle coordinate, {@code block} elements each) are copied into an array of the element's width laid
 * out as {@code [middle][axis][t]}, then every row segment gathers from it. The random reads then hit at most
 * {@link GatherKernel#TILE_COPY_MAX} bytes of private array instead of rows spread over the whole input.
 */
final class CopiedTileOrder extends Traversal {

    /**
     * How many calls a tile's rows are gathered in. HotSpot compiles a method with C2 after about 600 calls (with
     * 15,000 calls and loop turns together), or mid-loop after 40,000 turns. A row loop called once per tile (64 times
     * a dispatch on W3, 256 rows each) met neither before the fourth dispatch, and its two compilations then took one
     * of two CPUs from the workers for two timed dispatches. Called 16 times per tile, it is compiled within the first
     * two (docs/performance.md, "Compiled in the first dispatches").
     */
    static final int ROW_BLOCKS = 16;

    private final TileGeometry tiles;
    /** The middle dimensions' sizes and input strides, for the walk that copies a tile. */
    private final long[] middleSizes;
    private final long[] middleInputStrides;
    private final int axisLength;
    private final long axisStrideBytes;

    CopiedTileOrder(GatherPlan plan, GatherLoops loops, TileGeometry tiles) {
        super(plan, loops);
        this.tiles = tiles;
        this.middleSizes = Arrays.copyOfRange(plan.sizes, plan.axisDim + 1, last);
        this.middleInputStrides = Arrays.copyOfRange(plan.inputStrides, plan.axisDim + 1, last);
        this.axisLength = (int) plan.axisSize;
        this.axisStrideBytes = plan.axisSize == 1 ? 0 : plan.axisStride * plan.elementSize;
    }

    /** Whether a plan's tiles are small enough to copy (at most {@code tileCopyMax} bytes each). */
    static boolean suits(GatherPlan plan, TileGeometry tiles, long tileCopyMax) {
        long tileRows = plan.axisSize * tiles.middleCount();
        return plan.fastAxis && tileRows <= tileCopyMax / (tiles.block() * plan.elementSize);
    }

    @Override
    long units() {
        return tiles.units();
    }

    @Override
    Workspace workspace() {
        return new Workspace(plan.rowCursor(),
                new CoordinateCursor(middleSizes, middleInputStrides),
                loops.newScratch((int) (plan.axisSize * tiles.middleCount() * tiles.block())));
    }

    @Override
    void run(BoundBuffers buffers, long begin, long end, Workspace workspace) {
        CoordinateCursor rows = workspace.rows();
        for (long unit = begin; unit < end; unit++) {
            int n = tiles.seekUnit(rows, plan, unit);
            copyTile(buffers, workspace, rows.offset(0), n);
            gatherTile(buffers, workspace, n);
        }
    }

    /*
     * The copy and the gather of a tile are methods of their own, each with one hot loop: the JIT then compiles two
     * small methods early instead of one large one late (several compilations of run() at its loops' entries),
     * which is what a short series of dispatches waits for.
     */

    /** Copies the tile's input from byte {@code at}: per middle coordinate and axis position, {@code n} elements. */
    private void copyTile(BoundBuffers buffers, Workspace workspace, long at, int n) {
        CoordinateCursor middle = workspace.middle();
        Object tile = workspace.scratch();
        int b = (int) tiles.block();
        int inStep = (int) plan.inputStrides[last];
        if (tiles.middleCount() == 1 && n == b && inStep == plan.elementSize && axisStrideBytes == (long) n * inStep) {
            // The tile's lines lie back to back in the input: one copy, and no loop for the JIT to compile.
            loops.copyLine(buffers, (int) at, inStep, tile, 0, n * axisLength);
            return;
        }
        middle.seek(0, at, 0, 0);
        int dst = 0;
        for (long mid = 0; mid < tiles.middleCount(); mid++) {
            long line = middle.offset(0);
            for (int a = 0; a < axisLength; a++, dst += b) {
                loops.copyLine(buffers, (int) (line + a * axisStrideBytes), inStep, tile, dst, n);
            }
            middle.next();
        }
    }

    /** Gathers every row segment of the tile from its copy in {@link #ROW_BLOCKS} blocks; rows run [axis][middle]. */
    private void gatherTile(BoundBuffers buffers, Workspace workspace, int n) {
        long rowCount = tiles.rowsPerOuter();
        long block = (rowCount + ROW_BLOCKS - 1) / ROW_BLOCKS;
        for (long r = 0; r < rowCount; r += block) {
            gatherRows(buffers, workspace, n, (int) (r % tiles.middleCount()), (int) Math.min(block, rowCount - r));
        }
    }

    /** Gathers {@code count} row segments from the cursor's row on, the first at middle coordinate {@code mid}. */
    private void gatherRows(BoundBuffers buffers, Workspace workspace, int n, int mid, int count) {
        CoordinateCursor rows = workspace.rows();
        Object tile = workspace.scratch();
        int b = (int) tiles.block();
        int mids = (int) tiles.middleCount();
        for (int r = 0; r < count; r++) {
            loops.tileSegment(buffers, tile, mid * axisLength * b, b, (int) rows.offset(0), (int) rows.offset(1),
                    (int) rows.offset(2), n);
            if (++mid == mids) {
                mid = 0;
            }
            rows.next();
        }
    }
}

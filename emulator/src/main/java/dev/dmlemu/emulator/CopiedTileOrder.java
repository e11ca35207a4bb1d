package dev.dmlemu.emulator;

import java.util.Arrays;

/**
 * The tiled order of {@link TileGeometry} through a copy: per unit, the input lines the tile can read (every axis
 * position and middle coordinate, {@code block} elements each) are copied into an array of the element's width laid
 * out as {@code [middle][axis][t]}, then every row segment gathers from it. The random reads then hit at most
 * {@link GatherKernel#TILE_COPY_MAX} bytes of private array instead of rows spread over the whole input.
 */
final class CopiedTileOrder extends Traversal {

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

    /** Copies the tile's input, for each middle coordinate and axis position {@code n} elements, from byte {@code at}. */
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

    /** Gathers every row segment of the tile from its copy; the rows run [axis][middle]. */
    private void gatherTile(BoundBuffers buffers, Workspace workspace, int n) {
        CoordinateCursor rows = workspace.rows();
        Object tile = workspace.scratch();
        int b = (int) tiles.block();
        int mids = (int) tiles.middleCount();
        int mid = 0;
        for (long r = 0; r < tiles.rowsPerOuter(); r++) {
            loops.tileSegment(buffers, tile, mid * axisLength * b, b, (int) rows.offset(0), (int) rows.offset(1),
                    (int) rows.offset(2), n);
            if (++mid == mids) {
                mid = 0;
            }
            rows.next();
        }
    }
}

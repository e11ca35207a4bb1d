package dev.dmlemu.emulator;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** The tiled order of {@link TileGeometry}, reading the input in place (tiles too large to copy). */
final class TiledOrder implements Traversal {

    private final GatherPlan plan;
    private final GatherLoops loops;
    private final TileGeometry tiles;
    private final long[] outerSizes;
    private final int last;

    TiledOrder(GatherPlan plan, GatherLoops loops, TileGeometry tiles) {
        this.plan = plan;
        this.loops = loops;
        this.tiles = tiles;
        this.last = plan.sizes.length - 1;
        this.outerSizes = Arrays.copyOf(plan.sizes, last);
    }

    @Override
    public long units() {
        return tiles.units();
    }

    @Override
    public Workspace workspace() {
        return new Workspace(new CoordinateCursor(outerSizes, plan.inputStrides, plan.indicesStrides,
                plan.outputStrides), null, null);
    }

    @Override
    public void run(BoundBuffers buffers, long begin, long end, Workspace workspace) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        CoordinateCursor rows = workspace.rows();
        for (long unit = begin; unit < end; unit++) {
            long start = tiles.start(unit);
            int n = (int) Math.min(tiles.block(), plan.sizes[last] - start);
            rows.seek(tiles.firstRow(unit), start * plan.inputStrides[last], start * plan.indicesStrides[last],
                    start * plan.outputStrides[last]);
            for (long r = 0; r < tiles.rowsPerOuter(); r++) {
                loops.stridedRow(in, idx, out, (int) rows.offset(0), (int) rows.offset(1), (int) rows.offset(2), n);
                rows.next();
            }
        }
    }
}

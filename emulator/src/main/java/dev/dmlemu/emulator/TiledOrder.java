package dev.dmlemu.emulator;

import java.nio.ByteBuffer;

/**
 * The tiled order of {@link TileGeometry}, reading the input in place: tiles too large to copy, and axes of 2^31
 * elements or more, which only {@link GatherLoops#wideAxisRow} takes.
 */
final class TiledOrder extends Traversal {

    private final TileGeometry tiles;

    TiledOrder(GatherPlan plan, GatherLoops loops, TileGeometry tiles) {
        super(plan, loops);
        this.tiles = tiles;
    }

    @Override
    long units() {
        return tiles.units();
    }

    @Override
    void run(BoundBuffers buffers, long begin, long end, Workspace workspace) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        CoordinateCursor rows = workspace.rows();
        for (long unit = begin; unit < end; unit++) {
            int n = tiles.seekUnit(rows, plan, unit);
            for (long r = 0; r < tiles.rowsPerOuter(); r++) {
                if (plan.fastAxis) {
                    loops.stridedRow(in, idx, out, (int) rows.offset(0), (int) rows.offset(1), (int) rows.offset(2), n);
                } else {
                    loops.wideAxisRow(in, idx, out, (int) rows.offset(0), (int) rows.offset(1), (int) rows.offset(2),
                            n);
                }
                rows.next();
            }
        }
    }
}

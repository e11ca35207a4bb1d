package dev.dmlemu.emulator;

/**
 * How the tiled orders cut a plan whose axis lies outside the innermost dimension: for each coordinate of the
 * dimensions before the axis ("outer"), the innermost dimension is cut into blocks of {@code block} elements, and
 * each block runs down every row of the axis and the dimensions between the axis and the innermost ("middle") before
 * the next. The input lines one block touches then stay in cache (instead of every element missing on a random
 * row), and indices and output are still read and written a cache line at a time. A work unit is one (outer
 * coordinate, block) pair.
 *
 * @param block elements of the innermost dimension per tile
 * @param blocks tiles per innermost row
 * @param outerCount coordinates of the dimensions before the axis
 * @param rowsPerOuter rows (of the iteration space) per outer coordinate: the axis and middle dimensions
 * @param middleCount coordinates of the middle dimensions
 */
record TileGeometry(long block, long blocks, long outerCount, long rowsPerOuter, long middleCount) {

    /** Bytes of input one tile may touch: about a core's L2 (measured best for 4096x4096 on axis 0). */
    static final long TILE_BYTES = 1024 * 1024;
    /**
     * The narrowest tile, in elements, wherever the tile bytes alone would allow less. Every row segment of a tile
     * starts new runs of indices and output (likely a TLB miss and a cold prefetch stream each), so that cost must
     * be spread over enough elements: 32-wide tiles measured 2.3x slower than 64-wide ones on 4096x4096 float64 on
     * axis 0, although they fit the cache and the wider ones do not.
     */
    static final long MIN_TILE_WIDTH = 64;

    /**
     * The geometry for a plan, or null when its axis is the innermost dimension (or has size 1 in the indices), where
     * row-major order already reads each row's neighbourhood.
     *
     * @param forcedTile elements per tile when positive (tests use it to reach the tiled order on small shapes)
     */
    static TileGeometry of(GatherPlan plan, long forcedTile) {
        int last = plan.sizes.length - 1;
        if (plan.axisDim < 0 || plan.axisDim >= last) {
            return null;
        }
        double inputRows = plan.axisSize; // input rows one block visits: every axis position times the middle
        long middle = 1;
        for (int d = plan.axisDim + 1; d < last; d++) {
            inputRows *= plan.sizes[d];
            middle *= plan.sizes[d];
        }
        long line = Math.max(1, 64 / plan.elementSize); // elements per cache line; divides MIN_TILE_WIDTH
        long fit = (long) (TILE_BYTES / (inputRows * plan.elementSize));
        long tile = forcedTile > 0 ? forcedTile : Math.max(MIN_TILE_WIDTH, fit / line * line);
        tile = Math.min(tile, plan.sizes[last]); // whole rows fit: one tile per row run
        long outer = 1;
        for (int d = 0; d < plan.axisDim; d++) {
            outer *= plan.sizes[d];
        }
        long rowsPerOuter = 1;
        for (int d = plan.axisDim; d < last; d++) {
            rowsPerOuter *= plan.sizes[d];
        }
        return new TileGeometry(tile, (plan.sizes[last] + tile - 1) / tile, outer, rowsPerOuter, middle);
    }

    long units() {
        return outerCount * blocks;
    }

    /**
     * Moves a row cursor of {@code plan} to a unit's first row segment (its outer coordinate's first row, at the
     * tile's first element along the innermost dimension) and returns the tile's width there.
     */
    int seekUnit(CoordinateCursor rows, GatherPlan plan, long unit) {
        int last = plan.sizes.length - 1;
        long start = unit % blocks * block;
        rows.seek(unit / blocks * rowsPerOuter, start * plan.inputStrides[last], start * plan.indicesStrides[last],
                start * plan.outputStrides[last]);
        return (int) Math.min(block, plan.sizes[last] - start);
    }
}

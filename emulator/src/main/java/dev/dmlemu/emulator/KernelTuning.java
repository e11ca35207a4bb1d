package dev.dmlemu.emulator;

/**
 * The gather kernel's size thresholds: the tile size of the tiled order, and when rows and tiles are copied before
 * gathering ({@link Parallelism} says when an execution is split over threads). The defaults are what the benchmarks
 * chose (docs/performance.md); tests set others to steer small cases onto each path.
 *
 * @param forcedTile a tile size in elements for the tiled order, or 0 to size tiles to about 1 MiB of input
 * @param rowCopyMin input rows of at least this many elements are copied in the contiguous-row loops
 * @param tileCopyMax tiles of at most this many input bytes are copied in the tiled order
 */
record KernelTuning(long forcedTile, int rowCopyMin, long tileCopyMax) {

    static final KernelTuning DEFAULT = new KernelTuning(0, CopiedRowOrder.ROW_COPY_MIN, GatherKernel.TILE_COPY_MAX);

    KernelTuning withForcedTile(long tile) {
        return new KernelTuning(tile, rowCopyMin, tileCopyMax);
    }

    KernelTuning withRowCopyMin(int min) {
        return new KernelTuning(forcedTile, min, tileCopyMax);
    }

    KernelTuning withTileCopyMax(long max) {
        return new KernelTuning(forcedTile, rowCopyMin, max);
    }
}

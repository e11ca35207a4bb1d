package dev.dmlemu.emulator;

/**
 * The kernel's size thresholds: when an execution is split over threads, the tile size of the tiled order, and when
 * rows and tiles are copied before gathering. The defaults are what the benchmarks chose (docs/performance.md);
 * tests set others to steer small cases onto each path.
 *
 * @param parallelThreshold executions of fewer output elements run on one thread
 * @param forcedTile a tile size in elements for the tiled order, or 0 to size tiles to about 1 MiB of input
 * @param rowCopyMin input rows of at least this many elements are copied in the contiguous-row loops
 * @param tileCopyMax tiles of at most this many input bytes are copied in the tiled order
 */
record KernelTuning(long parallelThreshold, long forcedTile, int rowCopyMin, long tileCopyMax) {

    static final KernelTuning DEFAULT = new KernelTuning(GatherExecution.PARALLEL_THRESHOLD, 0,
            CopiedRowOrder.ROW_COPY_MIN, GatherKernel.TILE_COPY_MAX);

    KernelTuning withParallelThreshold(long threshold) {
        return new KernelTuning(threshold, forcedTile, rowCopyMin, tileCopyMax);
    }

    KernelTuning withForcedTile(long tile) {
        return new KernelTuning(parallelThreshold, tile, rowCopyMin, tileCopyMax);
    }

    KernelTuning withRowCopyMin(int min) {
        return new KernelTuning(parallelThreshold, forcedTile, min, tileCopyMax);
    }

    KernelTuning withTileCopyMax(long max) {
        return new KernelTuning(parallelThreshold, forcedTile, rowCopyMin, max);
    }
}

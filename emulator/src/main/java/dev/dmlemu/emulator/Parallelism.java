package dev.dmlemu.emulator;

import java.util.concurrent.ExecutorService;

/**
 * How far an execution may split its work: over up to {@code threads} workers of the emulator's {@code pool}, when it
 * has at least {@code threshold} output elements.
 *
 * @param pool the emulator's pool, or null for one thread
 */
record Parallelism(int threads, ExecutorService pool, long threshold) {

    static final Parallelism ONE_THREAD = new Parallelism(1, null, Long.MAX_VALUE);

    /** The emulator's threads and pool, with the threshold below which one thread is faster. */
    static Parallelism of(EmulatorOptions options, ExecutorService pool) {
        return pool == null || options.threads() <= 1 ? ONE_THREAD
                : new Parallelism(options.threads(), pool, GatherExecution.PARALLEL_THRESHOLD);
    }

    /** How many chunks work over {@code elements} output elements goes in: 1 when it stays on the calling thread. */
    int chunks(long elements) {
        return pool == null || elements < threshold ? 1 : threads;
    }

    PoolSplit split(String operatorName) {
        return new PoolSplit(pool, operatorName);
    }
}

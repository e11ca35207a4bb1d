package dev.dmlemu.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How the floors split their work like the emulator: units {@code [0, n)} on the calling thread, or in two halves,
 * the second on a worker of its own, when there are two threads.
 */
final class Halves implements AutoCloseable {

    /** Work on units {@code [begin, end)}. */
    interface Range {
        void run(int begin, int end);
    }

    private final ExecutorService pool;

    Halves(int threads) {
        this.pool = threads > 1 ? Executors.newFixedThreadPool(1) : null;
    }

    void run(int units, Range range) throws Exception {
        if (pool == null) {
            range.run(0, units);
            return;
        }
        int half = units / 2;
        Future<?> other = pool.submit(() -> range.run(half, units));
        range.run(0, half);
        other.get();
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdown();
        }
    }
}

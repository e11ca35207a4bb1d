package dev.dmlemu.emulator;

import dev.dmlemu.execution.OperatorExecutionException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Splits an execution's work units into contiguous chunks over the emulator's pool, the calling thread taking the
 * first: what every kernel does with more than one thread. A worker's exception is rethrown on the calling thread.
 */
public final class PoolSplit {

    /**
     * How long a thread waiting for the other side of a hand-off (a pool worker for work, the calling thread for a
     * worker's result) polls before it blocks: about the time one pool hand-off cost when both sides blocked
     * (docs/performance.md, "Handing work to the pool").
     */
    static final long SPIN_NANOS = 200_000;

    /**
     * How many pieces {@link #share} cuts the work into per worker: enough that a worker slowed for a while leaves
     * little behind for the others, few enough that the per-piece cost (a workspace taken and given back, a cursor
     * seek) stays negligible.
     */
    static final int PIECES_PER_WORKER = 16;

    /** Work on units {@code [begin, end)}. */
    public interface Chunk {
        void run(long begin, long end);
    }

    /** The first unit in {@code [begin, end)} with some property, or -1. */
    public interface Search {
        long first(long begin, long end);
    }

    private final ExecutorService pool;
    private final String operatorName;

    /**
     * @param pool the emulator's pool
     * @param operatorName for the message when a worker fails with a checked exception
     */
    PoolSplit(ExecutorService pool, String operatorName) {
        this.pool = pool;
        this.operatorName = operatorName;
    }

    /**
     * Runs {@code chunk} on {@code chunks} contiguous ranges of {@code units}, and waits for all; with one chunk, on
     * the calling thread alone.
     */
    public void run(long units, int chunks, Chunk chunk) {
        List<Future<?>> futures = new ArrayList<>(chunks - 1);
        for (int c = 1; c < chunks; c++) {
            long begin = units * c / chunks;
            long end = units * (c + 1) / chunks;
            futures.add(submit(() -> {
                chunk.run(begin, end);
                return null;
            }));
        }
        chunk.run(0, units / chunks);
        for (Future<?> future : futures) {
            join(future);
        }
    }

    /**
     * Runs {@code chunk} over {@code units} cut into {@link #PIECES_PER_WORKER} contiguous ranges per worker (fewer
     * when there are fewer units), which {@code workers} threads (the calling one among them) take in turn until none
     * is left, and waits for all. Unlike {@link #run}, a thread that is slowed (a virtual CPU taken by its host, the
     * JIT compiling on the same core) leaves its share to the others instead of holding up the whole execution; work
     * whose ranges must stay with one thread uses {@link #run}.
     */
    public void share(long units, int workers, Chunk chunk) {
        int pieces = (int) Math.min(units, (long) workers * PIECES_PER_WORKER);
        AtomicInteger next = new AtomicInteger();
        Runnable take = () -> {
            for (int p = next.getAndIncrement(); p < pieces; p = next.getAndIncrement()) {
                chunk.run(units * p / pieces, units * (p + 1) / pieces);
            }
        };
        List<Future<?>> futures = new ArrayList<>(workers - 1);
        for (int w = 1; w < workers; w++) {
            futures.add(submit(() -> {
                take.run();
                return null;
            }));
        }
        take.run();
        for (Future<?> future : futures) {
            join(future);
        }
    }

    /** The first unit found over {@code chunks} contiguous ranges, in unit order, or -1. */
    public long first(long units, int chunks, Search search) {
        List<Future<Long>> futures = new ArrayList<>(chunks - 1);
        for (int c = 1; c < chunks; c++) {
            long begin = units * c / chunks;
            long end = units * (c + 1) / chunks;
            futures.add(submit(() -> search.first(begin, end)));
        }
        long first = search.first(0, units / chunks);
        for (Future<Long> future : futures) {
            long found = join(future);
            if (first < 0) {
                first = found;
            }
        }
        return first;
    }

    private <T> Future<T> submit(Callable<T> task) {
        try {
            return pool.submit(task);
        } catch (RejectedExecutionException e) {
            throw new IllegalStateException("the Emulator that prepared this operator is closed", e);
        }
    }

    private <T> T join(Future<T> future) {
        long start = System.nanoTime();
        while (!future.isDone() && System.nanoTime() - start < SPIN_NANOS) {
            Thread.onSpinWait();
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return future.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    if (cause instanceof Error error) {
                        throw error;
                    }
                    throw new OperatorExecutionException(operatorName + ": a worker failed", cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

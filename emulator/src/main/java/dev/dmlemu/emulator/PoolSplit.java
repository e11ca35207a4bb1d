package dev.dmlemu.emulator;

import dev.dmlemu.execution.OperatorExecutionException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

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
     * the calling thread alone. A range no worker has begun by the time the calling thread is done with its own is
     * run by the calling thread ({@link Offer}).
     */
    public void run(long units, int chunks, Chunk chunk) {
        List<Offer<Void>> offers = new ArrayList<>(chunks - 1);
        for (int c = 1; c < chunks; c++) {
            long begin = units * c / chunks;
            long end = units * (c + 1) / chunks;
            offers.add(offer(() -> {
                chunk.run(begin, end);
                return null;
            }));
        }
        chunk.run(0, units / chunks);
        for (Offer<Void> offer : offers) {
            collect(offer);
        }
    }

    /**
     * Runs {@code chunk} over {@code units} cut into contiguous pieces ({@link SharedPieces}: about
     * {@link SharedPieces#PIECES_PER_WORKER} per worker, smaller towards the end), which {@code workers} threads (the
     * calling one among them) take in turn until none is left, and waits for all. Unlike {@link #run}, a thread that
     * is slowed (a virtual CPU taken by its host, the JIT compiling on the same core) leaves its share to the others
     * instead of holding up the whole execution; work whose ranges must stay with one thread uses {@link #run}.
     */
    public void share(long units, int workers, Chunk chunk) {
        SharedPieces pieces = new SharedPieces(units, workers);
        Callable<Void> take = () -> {
            for (long begin = pieces.take(); begin >= 0; begin = pieces.take()) {
                chunk.run(begin, pieces.end(begin));
            }
            return null;
        };
        List<Offer<Void>> offers = new ArrayList<>(workers - 1);
        for (int w = 1; w < workers; w++) {
            offers.add(offer(take));
        }
        callHere(take);
        // A worker that has not begun finds every piece taken: taking its offer back runs nothing.
        for (Offer<Void> offer : offers) {
            collect(offer);
        }
    }

    /** The first unit found over {@code chunks} contiguous ranges, in unit order, or -1. */
    public long first(long units, int chunks, Search search) {
        List<Offer<Long>> offers = new ArrayList<>(chunks - 1);
        for (int c = 1; c < chunks; c++) {
            long begin = units * c / chunks;
            long end = units * (c + 1) / chunks;
            offers.add(offer(() -> search.first(begin, end)));
        }
        long first = search.first(0, units / chunks);
        for (Offer<Long> offer : offers) {
            long found = collect(offer);
            if (first < 0) {
                first = found;
            }
        }
        return first;
    }

    /**
     * Work handed to the pool that the calling thread may take back: whichever thread claims it first runs it. On two
     * virtual CPUs shared with other processes a worker is often off its CPU for a whole time slice when work is
     * handed to it; a calling thread that waited for it lost that slice (a two-thread GATHER_ND of 0.4 ms took 4 ms
     * under load), where now it runs the work itself, at one thread's speed.
     */
    private static final class Offer<T> {
        private final AtomicBoolean claimed = new AtomicBoolean();
        private final Callable<T> work;
        private Future<T> future;

        Offer(Callable<T> work) {
            this.work = work;
        }

        /** Whether the calling thread claimed it, so that no worker will run it. */
        boolean claim() {
            return claimed.compareAndSet(false, true);
        }
    }

    private <T> Offer<T> offer(Callable<T> work) {
        Offer<T> offer = new Offer<>(work);
        offer.future = submit(() -> offer.claim() ? work.call() : null);
        return offer;
    }

    /** The offered work's result: computed here when no worker has begun it, else the worker's, waited for. */
    private <T> T collect(Offer<T> offer) {
        return offer.claim() ? callHere(offer.work) : join(offer.future);
    }

    private <T> T callHere(Callable<T> work) {
        try {
            return work.call();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new OperatorExecutionException(operatorName + ": a chunk failed", e);
        }
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

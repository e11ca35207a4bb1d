package dev.dmlemu.emulator;

import java.util.concurrent.LinkedBlockingQueue;

/**
 * The work queue of the emulator's pool: a worker that finds it empty polls it for {@link PoolSplit#SPIN_NANOS}
 * before it blocks. A dispatch hands work to the pool once or twice and the next dispatch usually follows within
 * microseconds; a worker that had blocked in between takes far longer to wake, on a virtual machine above all
 * (docs/performance.md, "Handing work to the pool").
 */
final class SpinningWorkQueue extends LinkedBlockingQueue<Runnable> {

    private static final long serialVersionUID = 1L;

    @Override
    public Runnable take() throws InterruptedException {
        long start = System.nanoTime();
        do {
            Runnable task = poll();
            if (task != null) {
                return task;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() - start < PoolSplit.SPIN_NANOS);
        return super.take();
    }
}

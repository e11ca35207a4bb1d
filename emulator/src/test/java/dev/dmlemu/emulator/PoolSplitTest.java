package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PoolSplitTest {

    private final ExecutorService pool = Executors.newFixedThreadPool(3);

    @AfterEach
    void shutDown() {
        pool.shutdownNow();
    }

    @Test
    void sharedPiecesCoverEveryUnitOnce() {
        for (long units : new long[] {1, 2, 7, 63, 64, 65, 1000}) {
            AtomicIntegerArray seen = new AtomicIntegerArray((int) units);
            new PoolSplit(pool, "TEST").share(units, 4, (begin, end) -> {
                for (long u = begin; u < end; u++) {
                    seen.incrementAndGet((int) u);
                }
            });
            for (int u = 0; u < units; u++) {
                assertEquals(1, seen.get(u), "unit " + u + " of " + units);
            }
        }
    }

    @Test
    void aSlowWorkerLeavesItsShareToTheOthers() {
        // Whichever thread takes the first piece stalls in it; the other takes every piece left meanwhile. With fixed
        // halves the stalled thread would still own 32 of the 64 units.
        Map<Thread, Integer> unitsByThread = new ConcurrentHashMap<>();
        AtomicReference<Thread> stalled = new AtomicReference<>();
        new PoolSplit(pool, "TEST").share(64, 2, (begin, end) -> {
            unitsByThread.merge(Thread.currentThread(), (int) (end - begin), Integer::sum);
            if (begin == 0) {
                stalled.set(Thread.currentThread());
                sleep(300);
            }
        });
        int stalledUnits = unitsByThread.get(stalled.get());
        assertTrue(stalledUnits < 32, "the stalled thread ran " + stalledUnits + " of 64 units");
        assertEquals(64, unitsByThread.values().stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void aWorkersExceptionReachesTheCaller() {
        Thread caller = Thread.currentThread();
        IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> new PoolSplit(pool, "TEST").share(64, 2, (begin, end) -> {
                    if (Thread.currentThread() != caller) {
                        throw new IllegalStateException("worker failed at " + begin);
                    }
                    sleep(5);
                }));
        assertTrue(thrown.getMessage().startsWith("worker failed"));
    }

    /** A pool whose one worker is held up until the test lets it go: the work handed to it waits in the queue. */
    private static ExecutorService heldUpPool(CountDownLatch release) {
        ExecutorService held = Executors.newSingleThreadExecutor();
        held.submit(() -> {
            release.await();
            return null;
        });
        return held;
    }

    @Test
    void workNoWorkerHasBegunIsRunByTheCallingThread() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService held = heldUpPool(release);
        try {
            PoolSplit split = new PoolSplit(held, "TEST");
            Thread caller = Thread.currentThread();
            AtomicIntegerArray seen = new AtomicIntegerArray(100);
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            split.run(100, 4, (begin, end) -> {
                threads.add(Thread.currentThread());
                for (long u = begin; u < end; u++) {
                    seen.incrementAndGet((int) u);
                }
            });
            split.share(100, 2, (begin, end) -> {
                threads.add(Thread.currentThread());
                for (long u = begin; u < end; u++) {
                    seen.incrementAndGet((int) u);
                }
            });
            assertEquals(57, split.first(100, 3, (begin, end) -> begin <= 57 && 57 < end ? 57 : -1));
            assertEquals(Set.of(caller), threads);
            for (int u = 0; u < 100; u++) {
                assertEquals(2, seen.get(u), "unit " + u);
            }
            // Let go, the worker finds its work taken and runs none of it.
            release.countDown();
            held.shutdown();
            assertTrue(held.awaitTermination(10, TimeUnit.SECONDS));
            assertEquals(Set.of(caller), threads);
            for (int u = 0; u < 100; u++) {
                assertEquals(2, seen.get(u), "unit " + u + " after the worker ran");
            }
        } finally {
            release.countDown();
            held.shutdownNow();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

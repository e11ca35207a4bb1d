package dev.dmlemu.emulator;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * The workspaces of one kernel, kept between executions: a worker takes one, runs, and gives it back. A fixed set of
 * slots, so taking and giving allocate nothing (a queue would allocate a node per give); when every slot is taken a
 * new workspace is made, and when every slot is full a returned one is dropped. Thread-safe.
 *
 * <p>Kept workspaces hold the traversal's scratch (at most {@link GatherKernel#TILE_COPY_MAX} bytes each), one per
 * slot at most, for as long as the prepared operator lives. Reusing them matters beyond the allocation itself: a
 * fresh 1-4 MiB array per execution is a humongous object in G1, and a stream of those drives concurrent collections
 * that compete with the gather for the cores.
 */
final class WorkspacePool {

    private final AtomicReferenceArray<Workspace> slots;
    private final Supplier<Workspace> factory;

    WorkspacePool(int slots, Supplier<Workspace> factory) {
        this.slots = new AtomicReferenceArray<>(slots);
        this.factory = factory;
    }

    Workspace take() {
        for (int i = 0; i < slots.length(); i++) {
            Workspace kept = slots.getAndSet(i, null);
            if (kept != null) {
                return kept;
            }
        }
        return factory.get();
    }

    void give(Workspace workspace) {
        for (int i = 0; i < slots.length(); i++) {
            if (slots.compareAndSet(i, null, workspace)) {
                return;
            }
        }
    }

    /** Drops every kept workspace. */
    void clear() {
        for (int i = 0; i < slots.length(); i++) {
            slots.set(i, null);
        }
    }
}

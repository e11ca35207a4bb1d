package dev.dmlemu.emulator;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * The workspaces of one kernel, kept between executions: a worker takes one, runs, and gives it back. A fixed set of
 * slots, so taking and giving allocate nothing (a queue would allocate a node per give); when every slot is empty a
 * new workspace is made, and when every slot is full a returned one is dropped. Thread-safe: a workspace is only
 * ever held by the worker whose atomic swap emptied its slot.
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
            // Only a slot that holds something is swapped: an atomic swap of an empty slot would cost for nothing.
            if (slots.getAcquire(i) != null) {
                Workspace kept = slots.getAndSet(i, null);
                if (kept != null) {
                    return kept;
                }
            }
        }
        return factory.get();
    }

    /**
     * Puts a workspace into an empty slot with a release store, not a compare-and-set: an atomic instruction costs
     * a few percent of a small dispatch. Two workers racing for one slot can overwrite each other, which only drops a
     * workspace (made again when needed); {@link #take} is the atomic side, so no workspace is ever taken twice.
     */
    void give(Workspace workspace) {
        for (int i = 0; i < slots.length(); i++) {
            if (slots.getPlain(i) == null) {
                slots.setRelease(i, workspace);
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

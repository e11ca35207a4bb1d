package dev.dmlemu.emulator;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * The workspaces of one kernel, kept between executions: a worker takes one, runs, and gives it back. A fixed set of
 * slots, so taking and giving allocate nothing (a queue would allocate a node per give); when every slot is empty a
 * new workspace is made, and when every slot is full a returned one is dropped. Thread-safe: a workspace is only
 * ever held by the worker whose atomic swap emptied its slot.
 *
 * <p>The gathers' workspaces hold the traversal's scratch (at most {@link GatherKernel#TILE_COPY_MAX} bytes each), one
 * per slot at most, for as long as the prepared operator lives. Reusing them matters beyond the allocation itself: a
 * fresh 1-4 MiB array per execution is a humongous object in G1, and a stream of those drives concurrent collections
 * that compete with the gather for the cores.
 */
public final class WorkspacePool<T> {

    private final AtomicReferenceArray<T> slots;
    private final Supplier<T> factory;

    /** At most {@code slots} workspaces kept; {@code factory} makes one when none is. */
    public WorkspacePool(int slots, Supplier<T> factory) {
        this.slots = new AtomicReferenceArray<>(slots);
        this.factory = factory;
    }

    /** A kept workspace, or a new one. */
    public T take() {
        for (int i = 0; i < slots.length(); i++) {
            // Only a slot that holds something is swapped: an atomic swap of an empty slot would cost for nothing.
            if (slots.getAcquire(i) != null) {
                T kept = slots.getAndSet(i, null);
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
    public void give(T workspace) {
        for (int i = 0; i < slots.length(); i++) {
            if (slots.getPlain(i) == null) {
                slots.setRelease(i, workspace);
                return;
            }
        }
    }

    /** Drops every kept workspace. */
    public void clear() {
        for (int i = 0; i < slots.length(); i++) {
            slots.set(i, null);
        }
    }
}

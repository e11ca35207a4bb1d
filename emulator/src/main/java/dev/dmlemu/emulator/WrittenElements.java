package dev.dmlemu.emulator;

import java.util.BitSet;

/**
 * The output elements one scatter execution has written, to count the writes that land on an element an earlier
 * update already wrote: DirectML does not promise which of them wins (docs/directml-behaviour.md §12.4), so the
 * emulator reports them. Not thread-safe: scatters write on one thread, in row-major update order.
 */
final class WrittenElements {

    private final BitSet written = new BitSet();
    private long overwrites;
    private long firstOverwritten = -1;
    private long currentUpdate;
    private long firstOverwritingUpdate = -1;

    /** Which update (in row-major order of the update walk) the next marks belong to. */
    void startUpdate(long update) {
        currentUpdate = update;
    }

    /** Records a write to output element {@code element} (at most 2^32 - 1: offsets are taken modulo 2^32). */
    void mark(long element) {
        int bit = (int) element;
        if (element > Integer.MAX_VALUE) {
            return; // a validated, bound output has fewer than 2^31 elements; a walk past it has been dropped
        }
        if (written.get(bit)) {
            if (overwrites++ == 0) {
                firstOverwritten = element;
                firstOverwritingUpdate = currentUpdate;
            }
        } else {
            written.set(bit);
        }
    }

    /** How many writes landed on an element already written in this execution. */
    long overwrites() {
        return overwrites;
    }

    /** The output element offset of the first such write, or -1. */
    long firstOverwritten() {
        return firstOverwritten;
    }

    /** The update (row-major number in the update walk) that made the first such write, or -1. */
    long firstOverwritingUpdate() {
        return firstOverwritingUpdate;
    }
}

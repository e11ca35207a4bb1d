package dev.dmlemu.emulator;

/**
 * The output elements one scatter execution has written, to count the writes that land on an element an earlier
 * update already wrote: DirectML does not promise which of them wins (docs/directml-behaviour.md §12.4), so the
 * emulator reports them. One bit per output element, allocated once per execution at the output's size (writes past
 * it are dropped before they get here). Not thread-safe: scatters write on one thread, in row-major update order.
 */
final class WrittenElements {

    private final long[] words;
    private long overwrites;
    private long firstOverwritten = -1;
    private long currentUpdate;
    private long firstOverwritingUpdate = -1;

    /** @param elements how many output elements a write may land on (the last whole element's offset plus one) */
    WrittenElements(long elements) {
        // A bound output has fewer than 2^31 bytes, so fewer than 2^31 elements.
        this.words = new long[(int) ((elements + 63) >>> 6)];
    }

    /** Which update (in row-major order of the update walk) the next marks belong to. */
    void startUpdate(long update) {
        currentUpdate = update;
    }

    /** Records a write to output element {@code element}, which lies below the count given at construction. */
    void mark(long element) {
        int word = (int) (element >>> 6);
        long bit = 1L << element;
        long before = words[word];
        if ((before & bit) != 0) {
            if (overwrites++ == 0) {
                firstOverwritten = element;
                firstOverwritingUpdate = currentUpdate;
            }
        } else {
            words[word] = before | bit;
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

package dev.dmlemu.emulator.movement;

/**
 * The FLOAT32 max pooling fast path's last input rows' maxima along the last dimension, by the row's byte offset, so
 * that the output rows whose windows share an input row (3 of them for a 3-tall window at stride 1) read and reduce it
 * once. Slots are reused first in, first out; twice the window's rows cover the rows consecutive output rows share.
 *
 * <p>Not thread-safe: each worker makes its own for one call.
 */
final class FloatRowCache {

    private final long[] offsets;
    private final int[][] maxima;
    private final int[] segment;
    private final int[] scratch;
    private final int[] scratch2;
    private int next;

    FloatRowCache(int windowRows, int rowLength, int[] segment) {
        int slots = Math.min(2 * Math.max(1, windowRows), 64);
        this.offsets = new long[slots];
        this.maxima = new int[slots][rowLength];
        this.segment = segment;
        this.scratch = new int[rowLength];
        this.scratch2 = new int[rowLength];
        java.util.Arrays.fill(offsets, -1);
    }

    /** The scratch row the caller reads an input row into. */
    int[] segment() {
        return segment;
    }

    /** Two rows of the maxima's length for {@link FloatRowMaxima#reduce}. */
    int[] scratch() {
        return scratch;
    }

    int[] scratch2() {
        return scratch2;
    }

    /** The maxima kept for the input row at {@code offset}, or null. */
    int[] slotFor(long offset) {
        for (int s = 0; s < offsets.length; s++) {
            if (offsets[s] == offset) {
                return maxima[s];
            }
        }
        return null;
    }

    /** The slot, the oldest, that now holds the maxima of the input row at {@code offset}, for the caller to fill. */
    int[] claim(long offset) {
        int[] slot = maxima[next];
        offsets[next] = offset;
        next = (next + 1) % offsets.length;
        return slot;
    }
}

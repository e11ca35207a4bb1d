package dev.dmlemu.emulator.movement;

import java.util.Arrays;

/**
 * TOP_K's fast path for a line of elements of at most 4 bytes without NaNs: the K best, in the stable order
 * {@link MergeOrder} gives a line without NaNs (docs/directml-behaviour.md §16.7: ties, including -0.0 against 0.0,
 * in index order). A line with a NaN is left to {@link MergeOrder}, which places NaNs where its merges leave them.
 *
 * <p>Each element is compared as an int key whose signed order is the elements' order toward the extremum
 * ({@link SelectionKeys}), and kept as a long entry, its key (high half) and its position reversed (low half), so that
 * a larger entry is an element further toward the extremum, or an equal one earlier in the line. The K best entries
 * are kept in a min-heap; after the first K, the weakest kept key is a threshold, and only an element whose key is
 * strictly above it enters (an equal key comes later in the line than every element kept, so it ranks after them).
 *
 * <p>Entering costs a mispredicted branch and a walk down the heap that mispredicts at each level, and on a line in
 * random order about K ln(n/K) elements would enter. So the line is first narrowed, without branches, to its
 * candidates: the elements whose key is at least a floor, the K-th best key of the previous line's first half (on
 * lines alike, between K and 2K of them). Every other element is below all K candidates it would have to beat, so when at
 * least K candidates are found the K best of them are the line's; otherwise the line is redone with every element a
 * candidate. The floor only decides how fast a line goes, never what it gives.
 *
 * <p>Not thread-safe: each worker makes its own, sized for one line.
 */
final class BoundedSelection {

    private final SelectionKeys keys;
    private final int elementSize;
    /** The K best entries so far, a min-heap (the weakest first) while a line is scanned, then ascending. */
    private final long[] best;
    private final int[] bits;
    private final int[] keyed;
    private final int[] candidates;
    /** Keys below it are left out of the next line's candidates; Integer.MIN_VALUE leaves none out. */
    private int floor = Integer.MIN_VALUE;

    BoundedSelection(ElementOrder order, Extremum extremum, int elementSize, int length, int k) {
        this.keys = SelectionKeys.of(order, extremum);
        this.elementSize = elementSize;
        this.best = new long[k];
        this.bits = new int[length];
        this.keyed = new int[length];
        this.candidates = new int[length];
    }

    /** Whether elements of this size fit the int keys. */
    static boolean fits(int elementSize) {
        return elementSize <= Integer.BYTES;
    }

    /** Where the line's raw bits (zero-extended) are put before {@link #select}. */
    int[] bits() {
        return bits;
    }

    /**
     * Selects the K best of the first {@code length} elements; false (nothing selected) when the line holds a NaN.
     * Then {@link #value} and {@link #position} read them best first.
     */
    boolean select(int length) {
        if (!keys.map(bits, keyed, length)) {
            return false;
        }
        int count = gather(floor, length);
        if (count < best.length) {
            count = gather(Integer.MIN_VALUE, length);
        }
        choose(count, length);
        return true;
    }

    /** The raw bits of the element of rank {@code rank} (0 the best). */
    int value(int rank) {
        return bits[position(rank)] & mask();
    }

    int position(int rank) {
        return (int) (0xFFFF_FFFFL - (best[best.length - 1 - rank] & 0xFFFF_FFFFL));
    }

    /** Puts the positions of the keys at least {@code least} in {@link #candidates}, in line order; their count. */
    private int gather(int least, int length) {
        int count = 0;
        for (int p = 0; p < length; p++) {
            candidates[count] = p;
            count += keyed[p] >= least ? 1 : 0;
        }
        return count;
    }

    /**
     * Keeps the K best of the first {@code count} candidates (at least K), and sets the floor to the K-th best key of
     * the line's first half when the first K candidates lie in it.
     */
    private void choose(int count, int length) {
        int k = best.length;
        for (int c = 0; c < k; c++) {
            best[c] = entry(keyed[candidates[c]], candidates[c]);
        }
        for (int i = k / 2 - 1; i >= 0; i--) {
            siftDown(i, best[i]);
        }
        int half = length / 2;
        int c = consider(k, count, half);
        if (candidates[k - 1] < half) {
            floor = (int) (best[0] >> 32);
        }
        consider(c, count, length);
        Arrays.sort(best);
    }

    /** Lets the candidates from {@code from} on enter while their position is below {@code end}; where it stopped. */
    private int consider(int from, int count, int end) {
        int threshold = (int) (best[0] >> 32);
        int c = from;
        for (; c < count && candidates[c] < end; c++) {
            int p = candidates[c];
            int key = keyed[p];
            // Strictly above: an equal key is later in the line than every element kept, so it ranks after them.
            if (key > threshold) {
                siftDown(0, entry(key, p));
                threshold = (int) (best[0] >> 32);
            }
        }
        return c;
    }

    /** Puts {@code candidate} at {@code at} of the heap, or below it where the heap's order wants it. */
    private void siftDown(int at, long candidate) {
        int k = best.length;
        int i = at;
        while (true) {
            int child = 2 * i + 1;
            if (child >= k) {
                break;
            }
            if (child + 1 < k && best[child + 1] < best[child]) {
                child++;
            }
            if (best[child] >= candidate) {
                break;
            }
            best[i] = best[child];
            i = child;
        }
        best[i] = candidate;
    }

    private static long entry(int key, int position) {
        return ((long) key << 32) | (0xFFFF_FFFFL - position);
    }

    private int mask() {
        return elementSize == Integer.BYTES ? -1 : (1 << (8 * elementSize)) - 1;
    }
}

package dev.dmlemu.emulator.movement;

import java.util.Arrays;

/**
 * TOP_K's fast path for a line of elements of at most 4 bytes without NaNs: the K best in O(n log K) with a bounded
 * min-heap of longs, each an element's order key (high half) and its position reversed (low half), so that a larger
 * long is an element further toward the extremum, or an equal one earlier in the line. That is the stable sort
 * {@link MergeOrder} gives a line without NaNs (docs/directml-behaviour.md §16.7): ties, including -0.0 against 0.0,
 * in index order. A line with a NaN is left to {@link MergeOrder}, which places NaNs where its merges leave them.
 *
 * <p>Not thread-safe: each worker makes its own, sized for one line.
 */
final class BoundedSelection {

    private final ElementOrder order;
    private final boolean smallest;
    private final int elementSize;
    private final long[] heap;
    private final int[] bits;

    BoundedSelection(ElementOrder order, Extremum extremum, int elementSize, int length, int k) {
        this.order = order;
        this.smallest = extremum == Extremum.SMALLEST;
        this.elementSize = elementSize;
        this.heap = new long[k];
        this.bits = new int[length];
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
        int k = heap.length;
        for (int p = 0; p < length; p++) {
            int element = bits[p];
            if (order.floating() && (element & 0x7FFF_FFFF) > 0x7F80_0000) {
                return false;
            }
            long candidate = ((long) key(element) << 32) | (0xFFFF_FFFFL - p);
            if (p < k) {
                heap[p] = candidate;
                if (p == k - 1) {
                    for (int i = k / 2 - 1; i >= 0; i--) {
                        siftDown(i, heap[i]);
                    }
                }
            } else if (candidate > heap[0]) {
                siftDown(0, candidate);
            }
        }
        Arrays.sort(heap);
        return true;
    }

    /** The raw bits of the element of rank {@code rank} (0 the best). */
    long value(int rank) {
        return bits[position(rank)] & mask();
    }

    int position(int rank) {
        return (int) (0xFFFF_FFFFL - (heap[heap.length - 1 - rank] & 0xFFFF_FFFFL));
    }

    private long mask() {
        return elementSize == Integer.BYTES ? 0xFFFF_FFFFL : (1L << (8 * elementSize)) - 1;
    }

    /** An int whose signed order is the elements' order toward the extremum; -0.0 and 0.0 share one. */
    private int key(int element) {
        int key;
        if (order.floating()) {
            int sign = element >> 31;
            key = ((element & 0x7FFF_FFFF) ^ sign) - sign;
        } else if (order.signBit() != 0) {
            int signBit = (int) order.signBit();
            key = (element ^ signBit) - signBit;
        } else {
            key = element ^ Integer.MIN_VALUE;
        }
        return smallest ? ~key : key;
    }

    private void siftDown(int at, long candidate) {
        int k = heap.length;
        int i = at;
        while (true) {
            int child = 2 * i + 1;
            if (child >= k) {
                break;
            }
            if (child + 1 < k && heap[child + 1] < heap[child]) {
                child++;
            }
            if (heap[child] >= candidate) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = candidate;
    }
}

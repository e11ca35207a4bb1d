package dev.dmlemu.emulator.movement;

/**
 * The order TOP_K writes a line in, as measured on the real DLL (docs/directml-behaviour.md §16.7): a bottom-up merge
 * sort of the line's positions, runs of 1, 2, 4, ... merged pairwise from the start (a last run without a partner left
 * as it is), each merge taking the left run's head while it lies at least as far toward the extremum as the right
 * run's head. For elements without NaNs that is the stable sort, ties in index order; a comparison with a NaN is false,
 * so whenever either head is a NaN the right run's head is taken, which places NaNs where the merges leave them.
 *
 * <p>Not thread-safe: each worker makes its own, sized for one line.
 */
final class MergeOrder {

    private final ElementOrder order;
    private final Extremum extremum;
    private long[] values;
    private int[] positions;
    private long[] valuesSpare;
    private int[] positionsSpare;

    MergeOrder(ElementOrder order, Extremum extremum, int length) {
        this.order = order;
        this.extremum = extremum;
        this.values = new long[length];
        this.positions = new int[length];
        this.valuesSpare = new long[length];
        this.positionsSpare = new int[length];
    }

    /** Where the line's elements are put before {@link #sort}; position {@code p} holds element {@code p}. */
    long[] values() {
        return values;
    }

    /** Sorts the first {@code length} elements; then {@link #value} and {@link #position} read the order. */
    void sort(int length) {
        for (int p = 0; p < length; p++) {
            positions[p] = p;
        }
        for (int width = 1; width < length; width *= 2) {
            for (int low = 0; low < length; low += 2 * width) {
                int middle = Math.min(low + width, length);
                int high = Math.min(low + 2 * width, length);
                merge(low, middle, high);
            }
            swap();
        }
    }

    long value(int rank) {
        return values[rank];
    }

    int position(int rank) {
        return positions[rank];
    }

    private void merge(int low, int middle, int high) {
        int left = low;
        int right = middle;
        for (int to = low; to < high; to++) {
            boolean takeLeft = right >= high
                    || left < middle && extremum.atLeast(order, values[left], values[right]);
            int from = takeLeft ? left++ : right++;
            valuesSpare[to] = values[from];
            positionsSpare[to] = positions[from];
        }
    }

    private void swap() {
        long[] v = values;
        values = valuesSpare;
        valuesSpare = v;
        int[] p = positions;
        positions = positionsSpare;
        positionsSpare = p;
    }
}

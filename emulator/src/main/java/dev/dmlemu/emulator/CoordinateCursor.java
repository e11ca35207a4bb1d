package dev.dmlemu.emulator;

/**
 * Walks the rows of a row-major iteration space and keeps one byte offset per tensor: the odometer every traversal
 * order shares. The space is the given dimensions (the row dimension itself excluded: the loops run along it), and
 * each tensor brings its byte strides for them. Stepping adds one stride per step; a dimension that wraps subtracts
 * its whole extent, so no offset is ever recomputed from coordinates except when seeking.
 *
 * <p>Not thread-safe: each worker makes its own.
 */
public final class CoordinateCursor {

    private final long[] sizes;
    /** Per tensor, per dimension: the byte stride. */
    private final long[][] strides;
    private final long[] coordinate;
    private final long[] offsets;

    /**
     * @param sizes the dimensions walked, outermost first (may be empty: one row)
     * @param strides per tensor (one to three), its byte strides for those dimensions (longer arrays are read from
     *     the start)
     */
    public CoordinateCursor(long[] sizes, long[]... strides) {
        if (strides.length < 1 || strides.length > 3) {
            throw new IllegalArgumentException("a cursor walks one to three tensors, not " + strides.length);
        }
        this.sizes = sizes;
        this.strides = strides;
        this.coordinate = new long[sizes.length];
        this.offsets = new long[strides.length];
    }

    /**
     * Moves to the row holding element {@code element} of a row-major space whose rows are {@code rowLength} long,
     * and returns the element's position within its row.
     */
    public long seekElement(long element, long rowLength) {
        long row = element / rowLength;
        seek(row);
        return element - row * rowLength;
    }

    /** Moves to row {@code row} of the space (row-major). */
    public void seek(long row) {
        seek(row, 0, 0, 0);
    }

    /**
     * Moves to row {@code row} of the space, adding a base to each tensor's offset: {@code base0} to the first,
     * {@code base1} and {@code base2} to the second and third where the cursor has them. Fixed arguments, not an
     * array, so seeking allocates nothing.
     */
    public void seek(long row, long base0, long base1, long base2) {
        for (int t = 0; t < offsets.length; t++) {
            offsets[t] = t == 0 ? base0 : t == 1 ? base1 : base2;
        }
        for (int d = sizes.length - 1; d >= 0; d--) {
            // Row 0 (a whole execution on one thread) needs no division: a 64-bit division costs as much as a
            // small dispatch's gather.
            long x = 0;
            if (row != 0) {
                long rest = row / sizes[d];
                x = row - rest * sizes[d];
                row = rest;
            }
            coordinate[d] = x;
            for (int t = 0; t < offsets.length; t++) {
                offsets[t] += x * strides[t][d];
            }
        }
    }

    /**
     * Steps to the next row. Returns false when the whole space has been walked; the cursor is then back at its
     * first row (offsets included), which is how a tile walks the same rows again.
     */
    public boolean next() {
        for (int d = sizes.length - 1; d >= 0; d--) {
            for (int t = 0; t < offsets.length; t++) {
                offsets[t] += strides[t][d];
            }
            if (++coordinate[d] < sizes[d]) {
                return true;
            }
            coordinate[d] = 0;
            for (int t = 0; t < offsets.length; t++) {
                offsets[t] -= sizes[d] * strides[t][d];
            }
        }
        return false;
    }

    /** The current row's byte offset in tensor {@code t} (in the order the strides were given). */
    public long offset(int t) {
        return offsets[t];
    }
}

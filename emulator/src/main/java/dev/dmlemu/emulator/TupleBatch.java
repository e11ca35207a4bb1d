package dev.dmlemu.emulator;

/**
 * The offsets of up to {@link #SIZE} consecutive GATHER_ND index tuples, resolved before any of their slices is
 * copied (see {@link GatherNdExecution}), and where the walk over the tuples is. One per workspace, reused across
 * executions.
 */
final class TupleBatch {

    /**
     * Tuples per batch. On the GatherND workload of docs/performance.md, batches of 8 to 64 ran alike and all well
     * ahead of resolving and copying tuple by tuple; with the copy loop reduced to plain array copies, 128 measured
     * about 5% faster than 16 (4 KiB of arrays, still in the first cache).
     */
    static final int SIZE = 128;

    /** The input offset of each tuple's slice, in elements, or {@link #OUT_OF_RANGE}. */
    final long[] inputOffsets = new long[SIZE];
    /** The output offset of each tuple's slice, in elements. */
    final long[] outputOffsets = new long[SIZE];
    /** Packed tuples ({@link PackedLongTuples}) between arrays: each slice's byte offset in the input's array. */
    final int[] inputBytes = new int[SIZE];
    /** The same in the output's array. */
    final int[] outputBytes = new int[SIZE];
    /** The indices element holding each out-of-range tuple's first coordinate. */
    final long[] indexOffsets = new long[SIZE];
    /** The input offset of each out-of-range tuple's batch coordinates. */
    final long[] batchOffsets = new long[SIZE];

    /** Where the walk is: the position along its innermost dimension and the element offsets of the next tuple. */
    long position;
    long outerInput;
    long first;
    long outputAt;

    /** Moves the walk to tuple {@code tuple}, with {@code tupleRows} at the row of tuples holding it. */
    void seek(CoordinateCursor tupleRows, long tuple, GatherNdPlan plan) {
        int last = plan.walkSizes.length - 1;
        position = tupleRows.seekElement(tuple, plan.walkSizes[last]);
        outerInput = tupleRows.offset(0) + position * plan.walkStrides[0][last];
        first = tupleRows.offset(1) + position * plan.walkStrides[1][last];
        outputAt = tupleRows.offset(2) + position * plan.walkStrides[2][last];
    }

    /** Moves the walk to the start of the next row of tuples, {@code tupleRows} stepping there. */
    void nextRow(CoordinateCursor tupleRows) {
        tupleRows.next();
        position = 0;
        outerInput = tupleRows.offset(0);
        first = tupleRows.offset(1);
        outputAt = tupleRows.offset(2);
    }

    /** Marks a tuple with a coordinate out of range (an in-range slice's offset is never negative). */
    static final long OUT_OF_RANGE = -1;
}

package dev.dmlemu.emulator;

/**
 * The offsets of up to {@link #SIZE} consecutive GATHER_ND index tuples, resolved before any of their slices is
 * copied (see {@link GatherNdExecution}). One per workspace, reused across executions.
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
    /** The indices element holding each out-of-range tuple's first coordinate. */
    final long[] indexOffsets = new long[SIZE];
    /** The input offset of each out-of-range tuple's batch coordinates. */
    final long[] batchOffsets = new long[SIZE];

    /** Marks a tuple with a coordinate out of range (an in-range slice's offset is never negative). */
    static final long OUT_OF_RANGE = -1;
}

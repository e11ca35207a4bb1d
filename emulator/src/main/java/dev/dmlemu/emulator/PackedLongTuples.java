package dev.dmlemu.emulator;

/**
 * GATHER_ND tuples of one or two 64-bit coordinates stored side by side, the layout of most GATHER_ND indices (ONNX
 * and WebNN hand over int64 tuples packed): each tuple resolved in straight-line code, without the per-coordinate
 * loop and its tests that {@link GatherNdExecution} runs for any other layout (docs/performance.md, "GATHER_ND's
 * packed pairs"). The rule is the general one (docs/directml-behaviour.md §11.5 for DirectML's own policy): a negative
 * value gets its dimension's size added when the policy wraps, and a tuple any of whose coordinates is then outside
 * its dimension is out of range, which the caller resolves the general way.
 *
 * @param pair whether the tuple has a second coordinate
 * @param size0 the first coordinate's input size
 * @param stride0 the first coordinate's input stride, in elements
 * @param size1 the second coordinate's input size (1 for single coordinates, so that the absent one, 0, is in range)
 * @param stride1 the second coordinate's input stride (0 for single coordinates)
 * @param wrapMask all ones when negative values wrap, else 0
 */
record PackedLongTuples(boolean pair, long size0, long stride0, long size1, long stride1, long wrapMask) {

    /**
     * The resolver for {@code plan}'s tuples, or null when they are not one 64-bit coordinate or two side by side, or
     * when the batches read past the input (every tuple goes the general way then).
     */
    static PackedLongTuples of(GatherNdPlan plan) {
        int q = plan.tupleLength();
        boolean packed = q == 1 || q == 2 && plan.tupleIndicesStride == 1;
        if (plan.indexSize != Long.BYTES || !packed || plan.readsPastInput) {
            return null;
        }
        long wrapMask = plan.wrapsNegative() ? -1L : 0L;
        return q == 1
                ? new PackedLongTuples(false, plan.tupleSizes[0], plan.tupleStrides[0], 1, 0, wrapMask)
                : new PackedLongTuples(true, plan.tupleSizes[0], plan.tupleStrides[0], plan.tupleSizes[1],
                        plan.tupleStrides[1], wrapMask);
    }

    /**
     * The input offset of the slice of the tuple whose first coordinate is at byte {@code at} of {@code array}, for a
     * tuple whose batch coordinates put it at input element {@code outerInput}, or {@link TupleBatch#OUT_OF_RANGE}.
     */
    long base(byte[] array, int at, long outerInput) {
        long c0 = wrapped(HeapLongs.at(array, at), size0);
        long c1 = pair ? wrapped(HeapLongs.at(array, at + Long.BYTES), size1) : 0;
        // Both tests, no early exit: one branch per tuple instead of two.
        boolean inRange = Long.compareUnsigned(c0, size0) < 0 & Long.compareUnsigned(c1, size1) < 0;
        return inRange ? outerInput + c0 * stride0 + c1 * stride1 : TupleBatch.OUT_OF_RANGE;
    }

    private long wrapped(long raw, long size) {
        return raw + ((raw >> 63) & size & wrapMask);
    }
}

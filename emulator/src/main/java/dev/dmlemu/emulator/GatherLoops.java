package dev.dmlemu.emulator;

import java.nio.ByteBuffer;

/**
 * The gather's inner loops for one element size and one index width: everything that touches elements and index
 * values. The traversal orders ({@link Traversal}) decide which rows to visit; these loops run one row (or one row
 * segment of a tile) each.
 *
 * <p>The eight implementations, {@code GatherLoopsE<element bytes>I<index bytes>}, are generated at build time from
 * {@code emulator/src/build/templates/GatherLoops.java.template} into {@code target/generated-sources}; {@code
 * GatherLoopFamily.select} picks one per plan. They are written out per size pairing because a shared loop (64-bit
 * index arithmetic with the widths as loop invariants) measured 7-10% slower (docs/performance.md). Each takes
 * in-range indices with the plain formula inline and hands every other index to the plan's {@link OutOfRangeRule}.
 *
 * <p>Offsets named {@code ...Pos}, {@code ...Base}, {@code at} and {@code step} are in bytes from the start of the
 * bound tensor; offsets named {@code ...At} are positions in the typed views of {@link BoundBuffers}. The innermost
 * dimension's steps, the axis step and size, and the negative wrap come from the plan.
 */
interface GatherLoops {

    /** {@code n} elements at the innermost dimension's byte steps, reading the input in place. */
    void stridedRow(ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int idxPos, int outPos, int n);

    /** {@link #stridedRow} for an axis of 2^31 elements or more: every index goes through the rule. */
    void wideAxisRow(ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int idxPos, int outPos, int n);

    /**
     * {@code n} elements of a row whose axis is the contiguous innermost dimension, read in place through the typed
     * views; indices and output are contiguous. For rows too short to be worth copying.
     */
    void inPlaceRow(BoundBuffers buffers, int inBase, int idxAt, int outAt, int n);

    /** An array of this element width ({@code byte[]}, {@code short[]}, {@code int[]} or {@code long[]}). */
    Object newScratch(int length);

    /** Copies {@code n} input elements, {@code step} bytes apart from byte {@code at}, into {@code scratch[dst...]}. */
    void copyLine(BoundBuffers buffers, int at, int step, Object scratch, int dst, int n);

    /**
     * {@code n} elements of a row gathered from its copy {@code row} (the whole input row); indices and output are
     * contiguous. {@code inBase} is the row's input byte offset, for out-of-range reads.
     */
    void copiedRow(BoundBuffers buffers, int inBase, Object row, int idxAt, int outAt, int n);

    /**
     * One row segment of a tile from the tile's copy: element {@code t} at position {@code w} along the axis is
     * {@code tile[at + w * line + t]}. {@code inPos} is the segment's input byte offset, for out-of-range reads.
     */
    void tileSegment(BoundBuffers buffers, Object tile, int at, int line, int inPos, int idxPos, int outPos, int n);

    /** The first of {@code n} indices (at the innermost step from {@code idxPos}) outside the axis, or -1. */
    int firstOutOfRange(ByteBuffer idx, int idxPos, int n);

    /** The index at a byte offset as a 64-bit value (INT32 sign-extended, UINT32 zero-extended). */
    long indexAt(ByteBuffer idx, int pos);
}

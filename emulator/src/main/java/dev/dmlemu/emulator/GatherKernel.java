package dev.dmlemu.emulator;

import dev.dmlemu.execution.OperatorExecutionException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * The gather itself, over a range of output elements, on little-endian buffers whose index 0 is the start of each
 * tensor (see {@link BoundBuffers}). Stateless apart from its immutable plan, so one kernel serves any number of
 * concurrent executions.
 *
 * <p>Each output row (the innermost merged dimension) runs in a loop specialised for the element size and the index
 * width, with every loop-invariant in a local. An index in range takes the plain formula inline; anything else goes
 * to {@link #outOfRange}, which applies the {@link IndexPolicy}. Data moves as raw 1/2/4/8-byte integers, so float
 * bit patterns (NaN payloads, -0.0, float16) survive.
 *
 * <p>All in-range byte offsets fit in an {@code int}: a binding lies inside a {@link ByteBuffer}, whose capacity is
 * an int, and covers TotalTensorSizeInBytes, which covers every element the strides address.
 */
final class GatherKernel {

    /** Bytes of input one tile may touch: about a core's L2 (measured best for 4096x4096 on axis 0). */
    static final long TILE_BYTES = 1024 * 1024;
    /**
     * The narrowest tile, in elements, wherever the tile bytes alone would allow less. Every row segment of a tile
     * starts new runs of indices and output (likely a TLB miss and a cold prefetch stream each), so that cost must
     * be spread over enough elements: 32-wide tiles measured 2.3x slower than 64-wide ones on 4096x4096 float64 on
     * axis 0, although they fit the cache and the wider ones do not.
     */
    static final long MIN_TILE_WIDTH = 64;
    /**
     * The most bytes of input {@link #gatherTiledBulk} copies per tile (4 MiB tiles measured as fast as 1 MiB ones
     * on the 4096x4096 shapes); a larger tile is gathered in place.
     */
    static final long TILE_COPY_MAX = 4 * TILE_BYTES;

    private final GatherPlan plan;
    // Loop invariants of the innermost dimension, as the row loops take them.
    private final int kind;
    private final int inStep;
    private final int idxStep;
    private final int outStep;
    /** The axis stride in bytes for in-range reads (0 for a size-1 axis, whose only valid position is 0). */
    private final int axisStep;
    private final int axisSize;
    private final long wrap;
    /** Elements of the innermost dimension per tile, or 0 for plain row-major order. */
    private final long block;
    private final long blockCount;
    private final long outerCount;
    /**
     * Elements gathered along a contiguous innermost axis with contiguous indices and output: rows go through
     * byte/short/int/long arrays with bulk copies, which per-element ByteBuffer access cannot match.
     */
    private final boolean bulkRows;
    /** The tiled order through a copy of each tile's input lines (see {@link #gatherTiledBulk}). */
    private final boolean bulkTiles;
    /** log2 of the index and element sizes: byte offsets to typed-view positions without a division. */
    private final int idxShift;
    private final int elementShift;
    /** Input rows one tile visits: positions along the axis times the middle dimensions. */
    private final long tileRows;
    private final long middleCount;

    /** Rows at least this long go through a copy (see {@link #gatherRowsBulk}). */
    private final int rowCopyMin;

    GatherKernel(GatherPlan plan) {
        this(plan, 0, ROW_COPY_MIN, TILE_COPY_MAX);
    }

    /**
     * @param forcedTile elements per tile when positive (tests use it to reach the tiled order on small shapes)
     * @param rowCopyMin the shortest row {@link #gatherRowsBulk} copies (tests lower it to reach the copy on small
     *     shapes)
     * @param tileCopyMax the most bytes {@link #gatherTiledBulk} copies per tile; larger tiles are read in place
     *     (tests pass 0 to reach that order on small shapes)
     */
    GatherKernel(GatherPlan plan, long forcedTile, int rowCopyMin, long tileCopyMax) {
        this.plan = plan;
        this.rowCopyMin = rowCopyMin;
        int last = plan.sizes.length - 1;
        this.kind = plan.elementSize * 8 + plan.indexSize;
        this.idxShift = Integer.numberOfTrailingZeros(plan.indexSize);
        this.elementShift = Integer.numberOfTrailingZeros(plan.elementSize);
        // Narrowed to int only for use on bound buffers, where every in-range offset fits (see class comment).
        this.inStep = (int) plan.inputStrides[last];
        this.idxStep = (int) plan.indicesStrides[last];
        this.outStep = (int) plan.outputStrides[last];
        this.axisStep = plan.axisSize == 1 ? 0 : (int) (plan.axisStride * plan.elementSize);
        this.axisSize = plan.fastAxis ? (int) plan.axisSize : Integer.MAX_VALUE;
        this.wrap = plan.wrapMask;
        long tile = 0;
        long outer = 1;
        if (plan.axisDim >= 0 && plan.axisDim < last) {
            // Input rows one block visits: every position along the axis times the middle dimensions.
            double rows = plan.axisSize;
            for (int d = plan.axisDim + 1; d < last; d++) {
                rows *= plan.sizes[d];
            }
            long line = Math.max(1, 64 / plan.elementSize); // elements per cache line; divides MIN_TILE_WIDTH
            long fit = (long) (TILE_BYTES / (rows * plan.elementSize));
            tile = forcedTile > 0 ? forcedTile : Math.max(MIN_TILE_WIDTH, fit / line * line);
            tile = Math.min(tile, plan.sizes[last]); // whole rows fit: one tile per row run
            for (int d = 0; d < plan.axisDim; d++) {
                outer *= plan.sizes[d];
            }
        }
        this.block = tile;
        this.blockCount = tile > 0 ? (plan.sizes[last] + tile - 1) / tile : 0;
        this.outerCount = outer;
        long middle = 1;
        for (int d = Math.max(0, plan.axisDim) + 1; d < last; d++) {
            middle *= plan.sizes[d];
        }
        this.middleCount = middle;
        this.tileRows = plan.axisSize * middle;
        this.bulkTiles = tile > 0 && plan.fastAxis && tileRows <= tileCopyMax / (tile * plan.elementSize);
        this.bulkRows = plan.fastAxis && plan.axisDim == last && inStep == 0
                && (plan.axisSize == 1 || axisStep == plan.elementSize) && idxStep == plan.indexSize
                && outStep == plan.elementSize && plan.axisSize <= BULK_MAX_AXIS;
    }

    /**
     * The tiled order of {@link #gatherTiled} through a copy: per unit, the input lines the tile can read (every axis
     * position and middle coordinate, {@code block} elements each) are copied into an array of the element's width
     * laid out as {@code [middle][axis][t]}, then every row segment gathers from it. The random reads then hit at
     * most {@link #TILE_COPY_MAX} bytes of private array instead of rows spread over the whole input.
     */
    private void gatherTiledBulk(BoundBuffers buffers, long begin, long end) {
        final long[] sizes = plan.sizes;
        final long[] inS = plan.inputStrides;
        final long[] idxS = plan.indicesStrides;
        final long[] outS = plan.outputStrides;
        final int last = sizes.length - 1;
        final int first = plan.axisDim;
        final int es = plan.elementSize;
        final int axisLength = axisSize;
        final long axisStrideBytes = axisLength == 1 ? 0 : plan.axisStride * es;
        final int mids = (int) middleCount;
        final int b = (int) block;
        // The copy, in the array of the element's width (one of the four).
        int length = (int) (tileRows * b);
        byte[] bytes = es == 1 ? new byte[length] : null;
        short[] shorts = es == 2 ? new short[length] : null;
        int[] ints = es == 4 ? new int[length] : null;
        long[] longs = es == 8 ? new long[length] : null;
        long[] coord = new long[sizes.length];
        for (long unit = begin; unit < end; unit++) {
            long outer = unit / blockCount;
            long start = (unit % blockCount) * block;
            int n = (int) Math.min(block, sizes[last] - start);
            long inRow = start * inS[last];
            long idxRow = start * idxS[last];
            long outRow = start * outS[last];
            for (int d = first - 1; d >= 0; d--) {
                long x = outer % sizes[d];
                outer /= sizes[d];
                inRow += x * inS[d];
                idxRow += x * idxS[d];
                outRow += x * outS[d];
            }
            // Copy the tile's input: for each middle coordinate and axis position, n elements.
            long midRow = inRow;
            for (int d = first + 1; d < last; d++) {
                coord[d] = 0;
            }
            int dst = 0;
            for (int mid = 0; mid < mids; mid++) {
                for (int a = 0; a < axisLength; a++, dst += b) {
                    copyLine(buffers, (int) (midRow + a * axisStrideBytes), inStep, bytes, shorts, ints, longs, dst,
                            n);
                }
                for (int d = last - 1; d > first; d--) {
                    midRow += inS[d];
                    if (++coord[d] < sizes[d]) {
                        break;
                    }
                    coord[d] = 0;
                    midRow -= sizes[d] * inS[d];
                }
            }
            // Gather every row segment of the tile from the copy.
            for (int d = first; d < last; d++) {
                coord[d] = 0;
            }
            int mid = 0;
            while (true) {
                tileSegment(buffers, bytes, shorts, ints, longs, mid * axisLength * b, b, (int) inRow, (int) idxRow,
                        (int) outRow, n);
                if (++mid == mids) {
                    mid = 0;
                }
                int d = last - 1;
                for (; d >= first; d--) {
                    inRow += inS[d];
                    idxRow += idxS[d];
                    outRow += outS[d];
                    if (++coord[d] < sizes[d]) {
                        break;
                    }
                    coord[d] = 0;
                    inRow -= sizes[d] * inS[d];
                    idxRow -= sizes[d] * idxS[d];
                    outRow -= sizes[d] * outS[d];
                }
                if (d < first) {
                    break;
                }
            }
        }
    }

    /**
     * Copies {@code n} input elements, the first at byte offset {@code at} and {@code step} bytes apart, into the
     * array of this element size (the non-null one) from index {@code dst}: a tile's line or a whole row.
     */
    private void copyLine(BoundBuffers buffers, int at, int step, byte[] bytes, short[] shorts, int[] ints,
            long[] longs, int dst, int n) {
        ByteBuffer in = buffers.input();
        switch (plan.elementSize) {
            case 1 -> {
                if (step == 1) {
                    in.get(at, bytes, dst, n);
                } else {
                    for (int t = 0; t < n; t++) {
                        bytes[dst + t] = in.get(at + t * step);
                    }
                }
            }
            case 2 -> {
                if (step == 2) {
                    buffers.inputShorts().get(at / 2, shorts, dst, n);
                } else {
                    for (int t = 0; t < n; t++) {
                        shorts[dst + t] = in.getShort(at + t * step);
                    }
                }
            }
            case 4 -> {
                if (step == 4) {
                    buffers.inputInts().get(at / 4, ints, dst, n);
                } else {
                    for (int t = 0; t < n; t++) {
                        ints[dst + t] = in.getInt(at + t * step);
                    }
                }
            }
            default -> {
                if (step == 8) {
                    buffers.inputLongs().get(at / 8, longs, dst, n);
                } else {
                    for (int t = 0; t < n; t++) {
                        longs[dst + t] = in.getLong(at + t * step);
                    }
                }
            }
        }
    }

    /**
     * One row segment of a tile, from the tile's copy: element {@code t} at position {@code w} along the axis is
     * {@code tile[at + w * line + t]}. Contiguous indices and output (the common case) go through the typed views in
     * the loop for the element size and index width; anything else through {@link #tileSegmentStrided}.
     */
    private void tileSegment(BoundBuffers buffers, byte[] bytes, short[] shorts, int[] ints, long[] longs, int at,
            int line, int inPos, int idxPos, int outPos, int n) {
        if (idxStep != plan.indexSize || outStep != plan.elementSize) {
            tileSegmentStrided(buffers, bytes, shorts, ints, longs, at, line, inPos, idxPos, outPos, n);
            return;
        }
        ByteBuffer in = buffers.input();
        IntBuffer idx4 = buffers.indicesInts();
        LongBuffer idx8 = buffers.indicesLongs();
        int idxAt = idxPos >> idxShift;
        int outAt = outPos >> elementShift;
        int axisLength = axisSize;
        switch (kind) {
            case 8 + 4 -> tileE1I4(this, in, inPos, inStep, bytes, at, line, axisLength, idx4, idxAt,
                    buffers.output(), outAt, n, (int) wrap);
            case 8 + 8 -> tileE1I8(this, in, inPos, inStep, bytes, at, line, axisLength, idx8, idxAt,
                    buffers.output(), outAt, n, wrap);
            case 16 + 4 -> tileE2I4(this, in, inPos, inStep, shorts, at, line, axisLength, idx4, idxAt,
                    buffers.outputShorts(), outAt, n, (int) wrap);
            case 16 + 8 -> tileE2I8(this, in, inPos, inStep, shorts, at, line, axisLength, idx8, idxAt,
                    buffers.outputShorts(), outAt, n, wrap);
            case 32 + 4 -> tileE4I4(this, in, inPos, inStep, ints, at, line, axisLength, idx4, idxAt,
                    buffers.outputInts(), outAt, n, (int) wrap);
            case 32 + 8 -> tileE4I8(this, in, inPos, inStep, ints, at, line, axisLength, idx8, idxAt,
                    buffers.outputInts(), outAt, n, wrap);
            case 64 + 4 -> tileE8I4(this, in, inPos, inStep, longs, at, line, axisLength, idx4, idxAt,
                    buffers.outputLongs(), outAt, n, (int) wrap);
            default -> tileE8I8(this, in, inPos, inStep, longs, at, line, axisLength, idx8, idxAt,
                    buffers.outputLongs(), outAt, n, wrap);
        }
    }

    /**
     * {@link #tileSegment} for indices or output that are not contiguous along the run, any element size and index
     * width: absolute little-endian access with steps. Rare; on W1 with indices and output at a stride of 2 elements
     * it measured within 10% of the staged 32-bit loop it replaced, and twice as fast as before for float16.
     */
    private void tileSegmentStrided(BoundBuffers buffers, byte[] bytes, short[] shorts, int[] ints, long[] longs,
            int at, int line, int inPos, int idxPos, int outPos, int n) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        for (int t = 0; t < n; t++) {
            int idxAt = idxPos + t * idxStep;
            long v = plan.indexSize == 8 ? idx.getLong(idxAt) : widen(idx.getInt(idxAt));
            long w = v + ((v >> 63) & wrap);
            int outAt = outPos + t * outStep;
            if (Long.compareUnsigned(w, axisSize) < 0) {
                int from = at + (int) w * line + t;
                switch (plan.elementSize) {
                    case 1 -> out.put(outAt, bytes[from]);
                    case 2 -> out.putShort(outAt, shorts[from]);
                    case 4 -> out.putInt(outAt, ints[from]);
                    default -> out.putLong(outAt, longs[from]);
                }
            } else {
                outOfRange(in, out, outAt, inPos + t * inStep, v);
            }
        }
    }

    // The tile loops: element size E (bytes) x index width I (bytes), contiguous indices and output. Each is the
    // row loop of its pairing with the tile's index expression; kept apart because a shared loop (64-bit index
    // arithmetic with the width as a loop invariant) measured 7-10% slower on W1.

    private static void tileE1I4(GatherKernel k, ByteBuffer in, int inPos, int inStep, byte[] tile, int at, int line,
            int axisLength, IntBuffer idx, int idxAt, ByteBuffer out, int outAt, int n, int wrap) {
        for (int t = 0; t < n; t++) {
            int v = idx.get(idxAt + t);
            int w = v + ((v >> 31) & wrap);
            if (w >= 0 && w < axisLength) {
                out.put(outAt + t, tile[at + w * line + t]);
            } else {
                out.put(outAt + t, (byte) k.readOutOfRangeBits(in, inPos + t * inStep, k.widen(v)));
            }
        }
    }

    private static void tileE1I8(GatherKernel k, ByteBuffer in, int inPos, int inStep, byte[] tile, int at, int line,
            int axisLength, LongBuffer idx, int idxAt, ByteBuffer out, int outAt, int n, long wrap) {
        for (int t = 0; t < n; t++) {
            long v = idx.get(idxAt + t);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            if (i == w && i >= 0 && i < axisLength) {
                out.put(outAt + t, tile[at + i * line + t]);
            } else {
                out.put(outAt + t, (byte) k.readOutOfRangeBits(in, inPos + t * inStep, v));
            }
        }
    }

    private static void tileE2I4(GatherKernel k, ByteBuffer in, int inPos, int inStep, short[] tile, int at, int line,
            int axisLength, IntBuffer idx, int idxAt, ShortBuffer out, int outAt, int n, int wrap) {
        for (int t = 0; t < n; t++) {
            int v = idx.get(idxAt + t);
            int w = v + ((v >> 31) & wrap);
            if (w >= 0 && w < axisLength) {
                out.put(outAt + t, tile[at + w * line + t]);
            } else {
                out.put(outAt + t, (short) k.readOutOfRangeBits(in, inPos + t * inStep, k.widen(v)));
            }
        }
    }

    private static void tileE2I8(GatherKernel k, ByteBuffer in, int inPos, int inStep, short[] tile, int at, int line,
            int axisLength, LongBuffer idx, int idxAt, ShortBuffer out, int outAt, int n, long wrap) {
        for (int t = 0; t < n; t++) {
            long v = idx.get(idxAt + t);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            if (i == w && i >= 0 && i < axisLength) {
                out.put(outAt + t, tile[at + i * line + t]);
            } else {
                out.put(outAt + t, (short) k.readOutOfRangeBits(in, inPos + t * inStep, v));
            }
        }
    }

    private static void tileE4I4(GatherKernel k, ByteBuffer in, int inPos, int inStep, int[] tile, int at, int line,
            int axisLength, IntBuffer idx, int idxAt, IntBuffer out, int outAt, int n, int wrap) {
        for (int t = 0; t < n; t++) {
            int v = idx.get(idxAt + t);
            int w = v + ((v >> 31) & wrap);
            if (w >= 0 && w < axisLength) {
                out.put(outAt + t, tile[at + w * line + t]);
            } else {
                out.put(outAt + t, (int) k.readOutOfRangeBits(in, inPos + t * inStep, k.widen(v)));
            }
        }
    }

    private static void tileE4I8(GatherKernel k, ByteBuffer in, int inPos, int inStep, int[] tile, int at, int line,
            int axisLength, LongBuffer idx, int idxAt, IntBuffer out, int outAt, int n, long wrap) {
        for (int t = 0; t < n; t++) {
            long v = idx.get(idxAt + t);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            if (i == w && i >= 0 && i < axisLength) {
                out.put(outAt + t, tile[at + i * line + t]);
            } else {
                out.put(outAt + t, (int) k.readOutOfRangeBits(in, inPos + t * inStep, v));
            }
        }
    }

    private static void tileE8I4(GatherKernel k, ByteBuffer in, int inPos, int inStep, long[] tile, int at, int line,
            int axisLength, IntBuffer idx, int idxAt, LongBuffer out, int outAt, int n, int wrap) {
        for (int t = 0; t < n; t++) {
            int v = idx.get(idxAt + t);
            int w = v + ((v >> 31) & wrap);
            if (w >= 0 && w < axisLength) {
                out.put(outAt + t, tile[at + w * line + t]);
            } else {
                out.put(outAt + t, k.readOutOfRangeBits(in, inPos + t * inStep, k.widen(v)));
            }
        }
    }

    private static void tileE8I8(GatherKernel k, ByteBuffer in, int inPos, int inStep, long[] tile, int at, int line,
            int axisLength, LongBuffer idx, int idxAt, LongBuffer out, int outAt, int n, long wrap) {
        for (int t = 0; t < n; t++) {
            long v = idx.get(idxAt + t);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            if (i == w && i >= 0 && i < axisLength) {
                out.put(outAt + t, tile[at + i * line + t]);
            } else {
                out.put(outAt + t, k.readOutOfRangeBits(in, inPos + t * inStep, v));
            }
        }
    }

    /** The longest input row {@link #gatherRowsBulk} copies. */
    static final int BULK_MAX_AXIS = 1 << 16;
    /** Rows at least this long are copied into an int array before gathering; shorter ones are read in place. */
    static final int ROW_COPY_MIN = 64;

    /**
     * Output elements {@code [begin, end)} in row-major order (see {@link #bulkRows}): each input row is copied into
     * an array of the element's width (byte, short, int or long), then indices are read and output written one
     * element at a time through typed views. The
     * random reads then hit a small private array instead of a row of a large buffer whose cache sets the index and
     * output streams share, and nothing is staged twice (measured 2x faster than moving indices and output in bulk
     * pieces through scratch arrays).
     */
    private void gatherRowsBulk(BoundBuffers buffers, long begin, long end) {
        final long[] sizes = plan.sizes;
        final long[] inS = plan.inputStrides;
        final long[] idxS = plan.indicesStrides;
        final long[] outS = plan.outputStrides;
        final int last = sizes.length - 1;
        ByteBuffer in = buffers.input();
        IntBuffer inInts = buffers.inputInts();
        IntBuffer idxInts = buffers.indicesInts();
        LongBuffer idxLongs = buffers.indicesLongs();
        IntBuffer outInts = buffers.outputInts();
        final int es = plan.elementSize;
        final int rowLength = axisSize;
        // Short rows are read in place: copying them would cost more than it saves, and tiny executions then
        // allocate nothing proportional to anything. One of these holds the copy, by element size.
        boolean copyRows = rowLength >= rowCopyMin;
        byte[] bytes = copyRows && es == 1 ? new byte[rowLength] : null;
        short[] shorts = copyRows && es == 2 ? new short[rowLength] : null;
        int[] row = copyRows && es == 4 ? new int[rowLength] : null;
        long[] longs = copyRows && es == 8 ? new long[rowLength] : null;
        // Coordinates of dimensions 1 to last - 1: the outermost never wraps inside [begin, end), so a 2-D
        // iteration (the common case once dimensions are merged) allocates no array.
        long[] coord = last >= 2 ? new long[last] : null;
        long rest = begin;
        long inner = rest % sizes[last];
        rest /= sizes[last];
        long inRow = 0;
        long idxRow = 0;
        long outRow = 0;
        for (int d = last - 1; d >= 0; d--) {
            long x = rest % sizes[d];
            rest /= sizes[d];
            if (d > 0) {
                coord[d] = x;
            }
            inRow += x * inS[d];
            idxRow += x * idxS[d];
            outRow += x * outS[d];
        }
        long todo = end - begin;
        long copiedRow = -1;
        while (todo > 0) {
            int n = (int) Math.min(sizes[last] - inner, todo);
            int inBase = (int) inRow; // the row's non-axis input offset in bytes; the axis stride is one element
            int idxAt = (int) ((idxRow + inner * idxS[last]) / plan.indexSize);
            int outAt = (int) ((outRow + inner * outS[last]) / es);
            if (es != 4) {
                if (!copyRows) {
                    segment(in, buffers.indices(), buffers.output(), inRow, idxAt * (long) plan.indexSize,
                            outAt * (long) es, n);
                } else {
                    if (inRow != copiedRow) {
                        copyLine(buffers, inBase, es, bytes, shorts, null, longs, 0, rowLength);
                        copiedRow = inRow;
                    }
                    rowFromArrayOther(buffers, inBase, bytes, shorts, longs, idxAt, outAt, n);
                }
            } else if (row == null) {
                if (idxInts != null) {
                    rowInPlaceI4(this, in, inBase, inInts, rowLength, idxInts, idxAt, outInts, outAt, n, (int) wrap);
                } else {
                    rowInPlaceI8(this, in, inBase, inInts, rowLength, idxLongs, idxAt, outInts, outAt, n, wrap);
                }
            } else {
                if (inRow != copiedRow) { // a broadcast input row (stride 0) is copied once
                    copyLine(buffers, inBase, es, null, null, row, null, 0, rowLength);
                    copiedRow = inRow;
                }
                if (idxInts != null) {
                    rowFromArrayI4(this, in, inBase, row, idxInts, idxAt, outInts, outAt, n, (int) wrap);
                } else {
                    rowFromArrayI8(this, in, inBase, row, idxLongs, idxAt, outInts, outAt, n, wrap);
                }
            }
            todo -= n;
            if (todo == 0) {
                break;
            }
            inner = 0;
            for (int d = last - 1; d >= 0; d--) {
                inRow += inS[d];
                idxRow += idxS[d];
                outRow += outS[d];
                if (d == 0 || ++coord[d] < sizes[d]) {
                    break;
                }
                coord[d] = 0;
                inRow -= sizes[d] * inS[d];
                idxRow -= sizes[d] * idxS[d];
                outRow -= sizes[d] * outS[d];
            }
        }
    }

    private static void rowInPlaceI4(GatherKernel k, ByteBuffer in, int inBase, IntBuffer inInts, int length,
            IntBuffer idx, int idxAt, IntBuffer out, int outAt, int n, int wrap) {
        int at = inBase / 4;
        for (int j = 0; j < n; j++) {
            int v = idx.get(idxAt + j);
            int w = v + ((v >> 31) & wrap);
            out.put(outAt + j, w >= 0 && w < length ? inInts.get(at + w) : k.readOutOfRange(in, inBase, k.widen(v)));
        }
    }

    private static void rowInPlaceI8(GatherKernel k, ByteBuffer in, int inBase, IntBuffer inInts, int length,
            LongBuffer idx, int idxAt, IntBuffer out, int outAt, int n, long wrap) {
        int at = inBase / 4;
        for (int j = 0; j < n; j++) {
            long v = idx.get(idxAt + j);
            long w = v + ((v >> 63) & wrap);
            out.put(outAt + j, w >= 0 && w < length ? inInts.get(at + (int) w) : k.readOutOfRange(in, inBase, v));
        }
    }

    /*
     * The copied-row loops (rowFromArray*) each start with a plain run: the longest run of indices that are already
     * positions in the row (0 <= index < length) needs no wrap and no out-of-range policy, and that loop body is small
     * enough for C2 to unroll 4x instead of 2x. The general loop takes over at the first other index, so a row with
     * negative or out-of-range indices costs no more than before. JMH at 1 thread, previous kernel against this one:
     * W2 14.3 -> 10.8 ms, W4 18.1 -> 14.2 ms (docs/performance.md).
     */

    private static void rowFromArrayI4(GatherKernel k, ByteBuffer in, int inBase, int[] row, IntBuffer idx, int idxAt,
            IntBuffer out, int outAt, int n, int wrap) {
        final int length = row.length;
        // One position for indices and output (the packed case) is the faster form of the plain run.
        int j = (idxAt == outAt ? plainRunI4(row, idx, out, idxAt, idxAt + n)
                : plainRunI4(row, idx, out, idxAt, idxAt + n, outAt - idxAt)) - idxAt;
        for (; j < n; j++) {
            int v = idx.get(idxAt + j);
            int w = v + ((v >> 31) & wrap);
            // A signed pair, not one unsigned compare: C2 then drops the array's own bounds check (measured ~20%).
            if (w >= 0 && w < length) {
                out.put(outAt + j, row[w]);
            } else {
                out.put(outAt + j, k.readOutOfRange(in, inBase, k.widen(v)));
            }
        }
    }

    private static void rowFromArrayI8(GatherKernel k, ByteBuffer in, int inBase, int[] row, LongBuffer idx,
            int idxAt, IntBuffer out, int outAt, int n, long wrap) {
        final int length = row.length;
        // One position for indices and output (the packed case) is the faster form of the plain run.
        int j = (idxAt == outAt ? plainRunI8(row, idx, out, idxAt, idxAt + n)
                : plainRunI8(row, idx, out, idxAt, idxAt + n, outAt - idxAt)) - idxAt;
        for (; j < n; j++) {
            long v = idx.get(idxAt + j);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            // i == w rules out truncation; the int pair then lets C2 drop the array's bounds check.
            if (i == w && i >= 0 && i < length) {
                out.put(outAt + j, row[i]);
            } else {
                out.put(outAt + j, k.readOutOfRange(in, inBase, v));
            }
        }
    }

    // The plain runs of the 32-bit copied-row loops, in their own methods: with one induction variable for indices
    // and output, C2 unrolls them 4x (W2 and W4, the packed case); JMH measured the inline form in rowFromArrayI8
    // about 20% slower on W4.

    private static int plainRunI4(int[] row, IntBuffer idx, IntBuffer out, int from, int to) {
        final int length = row.length;
        for (int p = from; p < to; p++) {
            int i = idx.get(p);
            if (i < 0 || i >= length) {
                return p;
            }
            out.put(p, row[i]);
        }
        return to;
    }

    private static int plainRunI4(int[] row, IntBuffer idx, IntBuffer out, int from, int to, int outDelta) {
        final int length = row.length;
        for (int p = from; p < to; p++) {
            int i = idx.get(p);
            if (i < 0 || i >= length) {
                return p;
            }
            out.put(p + outDelta, row[i]);
        }
        return to;
    }

    private static int plainRunI8(int[] row, LongBuffer idx, IntBuffer out, int from, int to) {
        final int length = row.length;
        for (int p = from; p < to; p++) {
            long v = idx.get(p);
            int i = (int) v;
            if (i != v || i < 0 || i >= length) {
                return p;
            }
            out.put(p, row[i]);
        }
        return to;
    }

    private static int plainRunI8(int[] row, LongBuffer idx, IntBuffer out, int from, int to, int outDelta) {
        final int length = row.length;
        for (int p = from; p < to; p++) {
            long v = idx.get(p);
            int i = (int) v;
            if (i != v || i < 0 || i >= length) {
                return p;
            }
            out.put(p + outDelta, row[i]);
        }
        return to;
    }

    /** The 32-bit element an out-of-range index selects (0 when it reads as zero). */
    private int readOutOfRange(ByteBuffer in, int inBase, long raw) {
        long element = inputElement(raw, inBase / plan.elementSize);
        return element < 0 ? 0 : in.getInt((int) (element * 4));
    }

    /** The bits of the element an out-of-range index selects, for any element size (0 when it reads as zero). */
    private long readOutOfRangeBits(ByteBuffer in, int inBase, long raw) {
        long element = inputElement(raw, inBase / plan.elementSize);
        if (element < 0) {
            return 0;
        }
        int from = (int) (element * plan.elementSize);
        return switch (plan.elementSize) {
            case 1 -> in.get(from);
            case 2 -> in.getShort(from);
            case 4 -> in.getInt(from);
            default -> in.getLong(from);
        };
    }

    /** One row segment of 1-, 2- or 8-byte elements from the copied row, in the loop for its index width. */
    private void rowFromArrayOther(BoundBuffers buffers, int inBase, byte[] bytes, short[] shorts, long[] longs,
            int idxAt, int outAt, int n) {
        ByteBuffer in = buffers.input();
        IntBuffer idx4 = buffers.indicesInts();
        LongBuffer idx8 = buffers.indicesLongs();
        if (bytes != null) {
            if (idx4 != null) {
                rowFromArrayE1I4(this, in, inBase, bytes, idx4, idxAt, buffers.output(), outAt, n, (int) wrap);
            } else {
                rowFromArrayE1I8(this, in, inBase, bytes, idx8, idxAt, buffers.output(), outAt, n, wrap);
            }
        } else if (shorts != null) {
            if (idx4 != null) {
                rowFromArrayE2I4(this, in, inBase, shorts, idx4, idxAt, buffers.outputShorts(), outAt, n, (int) wrap);
            } else {
                rowFromArrayE2I8(this, in, inBase, shorts, idx8, idxAt, buffers.outputShorts(), outAt, n, wrap);
            }
        } else {
            if (idx4 != null) {
                rowFromArrayE8I4(this, in, inBase, longs, idx4, idxAt, buffers.outputLongs(), outAt, n, (int) wrap);
            } else {
                rowFromArrayE8I8(this, in, inBase, longs, idx8, idxAt, buffers.outputLongs(), outAt, n, wrap);
            }
        }
    }

    private static void rowFromArrayE1I4(GatherKernel k, ByteBuffer in, int inBase, byte[] row, IntBuffer idx,
            int idxAt, ByteBuffer out, int outAt, int n, int wrap) {
        final int length = row.length;
        int j = 0;
        for (; j < n; j++) { // the plain run (see above rowFromArrayI4)
            int i = idx.get(idxAt + j);
            if (i < 0 || i >= length) {
                break;
            }
            out.put(outAt + j, row[i]);
        }
        for (; j < n; j++) {
            int v = idx.get(idxAt + j);
            int w = v + ((v >> 31) & wrap);
            if (w >= 0 && w < length) {
                out.put(outAt + j, row[w]);
            } else {
                out.put(outAt + j, (byte) k.readOutOfRangeBits(in, inBase, k.widen(v)));
            }
        }
    }

    private static void rowFromArrayE1I8(GatherKernel k, ByteBuffer in, int inBase, byte[] row, LongBuffer idx,
            int idxAt, ByteBuffer out, int outAt, int n, long wrap) {
        final int length = row.length;
        int j = 0;
        for (; j < n; j++) { // the plain run (see above rowFromArrayI4)
            long v = idx.get(idxAt + j);
            int i = (int) v;
            if (i != v || i < 0 || i >= length) {
                break;
            }
            out.put(outAt + j, row[i]);
        }
        for (; j < n; j++) {
            long v = idx.get(idxAt + j);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            if (i == w && i >= 0 && i < length) {
                out.put(outAt + j, row[i]);
            } else {
                out.put(outAt + j, (byte) k.readOutOfRangeBits(in, inBase, v));
            }
        }
    }

    private static void rowFromArrayE2I4(GatherKernel k, ByteBuffer in, int inBase, short[] row, IntBuffer idx,
            int idxAt, ShortBuffer out, int outAt, int n, int wrap) {
        final int length = row.length;
        int j = 0;
        for (; j < n; j++) { // the plain run (see above rowFromArrayI4)
            int i = idx.get(idxAt + j);
            if (i < 0 || i >= length) {
                break;
            }
            out.put(outAt + j, row[i]);
        }
        for (; j < n; j++) {
            int v = idx.get(idxAt + j);
            int w = v + ((v >> 31) & wrap);
            if (w >= 0 && w < length) {
                out.put(outAt + j, row[w]);
            } else {
                out.put(outAt + j, (short) k.readOutOfRangeBits(in, inBase, k.widen(v)));
            }
        }
    }

    private static void rowFromArrayE2I8(GatherKernel k, ByteBuffer in, int inBase, short[] row, LongBuffer idx,
            int idxAt, ShortBuffer out, int outAt, int n, long wrap) {
        final int length = row.length;
        int j = 0;
        for (; j < n; j++) { // the plain run (see above rowFromArrayI4)
            long v = idx.get(idxAt + j);
            int i = (int) v;
            if (i != v || i < 0 || i >= length) {
                break;
            }
            out.put(outAt + j, row[i]);
        }
        for (; j < n; j++) {
            long v = idx.get(idxAt + j);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            if (i == w && i >= 0 && i < length) {
                out.put(outAt + j, row[i]);
            } else {
                out.put(outAt + j, (short) k.readOutOfRangeBits(in, inBase, v));
            }
        }
    }

    private static void rowFromArrayE8I4(GatherKernel k, ByteBuffer in, int inBase, long[] row, IntBuffer idx,
            int idxAt, LongBuffer out, int outAt, int n, int wrap) {
        final int length = row.length;
        int j = 0;
        for (; j < n; j++) { // the plain run (see above rowFromArrayI4)
            int i = idx.get(idxAt + j);
            if (i < 0 || i >= length) {
                break;
            }
            out.put(outAt + j, row[i]);
        }
        for (; j < n; j++) {
            int v = idx.get(idxAt + j);
            int w = v + ((v >> 31) & wrap);
            if (w >= 0 && w < length) {
                out.put(outAt + j, row[w]);
            } else {
                out.put(outAt + j, (long) k.readOutOfRangeBits(in, inBase, k.widen(v)));
            }
        }
    }

    private static void rowFromArrayE8I8(GatherKernel k, ByteBuffer in, int inBase, long[] row, LongBuffer idx,
            int idxAt, LongBuffer out, int outAt, int n, long wrap) {
        final int length = row.length;
        int j = 0;
        for (; j < n; j++) { // the plain run (see above rowFromArrayI4)
            long v = idx.get(idxAt + j);
            int i = (int) v;
            if (i != v || i < 0 || i >= length) {
                break;
            }
            out.put(outAt + j, row[i]);
        }
        for (; j < n; j++) {
            long v = idx.get(idxAt + j);
            long w = v + ((v >> 63) & wrap);
            int i = (int) w;
            if (i == w && i >= 0 && i < length) {
                out.put(outAt + j, row[i]);
            } else {
                out.put(outAt + j, (long) k.readOutOfRangeBits(in, inBase, v));
            }
        }
    }


    GatherPlan plan() {
        return plan;
    }

    /** Whether executions take {@link #gatherRowsBulk} (tests use it to aim cases at that path). */
    boolean rowsBulk() {
        return bulkRows;
    }

    /** Whether executions take {@link #gatherTiledBulk} (tests use it to aim cases at that path). */
    boolean tilesBulk() {
        return bulkTiles;
    }

    /**
     * Runs work units {@code [begin, end)} of {@link #units()}: output elements in row-major order, or in the tiled
     * order when the plan tiles.
     */
    void gather(BoundBuffers buffers, long begin, long end) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        if (bulkRows) {
            gatherRowsBulk(buffers, begin, end);
        } else if (bulkTiles) {
            gatherTiledBulk(buffers, begin, end);
        } else if (block > 0) {
            gatherTiled(in, idx, out, begin, end);
        } else {
            gatherRows(in, idx, out, begin, end);
        }
    }

    /** How many work units an execution has; threads split this range. */
    long units() {
        return block > 0 ? outerCount * blockCount : plan.elementCount;
    }

    /** Output elements {@code [begin, end)} in row-major order, one row segment at a time. */
    private void gatherRows(ByteBuffer in, ByteBuffer idx, ByteBuffer out, long begin, long end) {
        final long[] sizes = plan.sizes;
        final long[] inS = plan.inputStrides;
        final long[] idxS = plan.indicesStrides;
        final long[] outS = plan.outputStrides;
        final int last = sizes.length - 1;
        long[] coord = new long[sizes.length];
        long rest = begin;
        for (int d = last; d >= 0; d--) {
            coord[d] = rest % sizes[d];
            rest /= sizes[d];
        }
        // Row bases: offsets of the row's first element (inner coordinate 0).
        long inRow = 0;
        long idxRow = 0;
        long outRow = 0;
        for (int d = 0; d < last; d++) {
            inRow += coord[d] * inS[d];
            idxRow += coord[d] * idxS[d];
            outRow += coord[d] * outS[d];
        }
        long inner = coord[last];
        long todo = end - begin;
        while (todo > 0) {
            int n = (int) Math.min(sizes[last] - inner, todo);
            segment(in, idx, out, inRow + inner * inS[last], idxRow + inner * idxS[last],
                    outRow + inner * outS[last], n);
            todo -= n;
            if (todo == 0) {
                break;
            }
            inner = 0;
            for (int d = last - 1; d >= 0; d--) {
                inRow += inS[d];
                idxRow += idxS[d];
                outRow += outS[d];
                if (++coord[d] < sizes[d]) {
                    break;
                }
                coord[d] = 0;
                inRow -= sizes[d] * inS[d];
                idxRow -= sizes[d] * idxS[d];
                outRow -= sizes[d] * outS[d];
            }
        }
    }

    /**
     * Tiled order, for an axis outside the innermost dimension: for each coordinate of the dimensions before the
     * axis, the innermost dimension is cut into blocks, and each block runs down every row of the axis and middle
     * dimensions before the next. The input lines one block touches then stay in cache (instead of every
     * element missing on a random row), and indices and output are still read and written a cache line at a time.
     * A unit is one (outer coordinate, block) pair.
     */
    private void gatherTiled(ByteBuffer in, ByteBuffer idx, ByteBuffer out, long begin, long end) {
        final long[] sizes = plan.sizes;
        final long[] inS = plan.inputStrides;
        final long[] idxS = plan.indicesStrides;
        final long[] outS = plan.outputStrides;
        final int last = sizes.length - 1;
        final int first = plan.axisDim;
        long[] coord = new long[sizes.length];
        for (long unit = begin; unit < end; unit++) {
            long outer = unit / blockCount;
            long start = (unit % blockCount) * block;
            int n = (int) Math.min(block, sizes[last] - start);
            long inRow = start * inS[last];
            long idxRow = start * idxS[last];
            long outRow = start * outS[last];
            for (int d = first - 1; d >= 0; d--) {
                long x = outer % sizes[d];
                outer /= sizes[d];
                inRow += x * inS[d];
                idxRow += x * idxS[d];
                outRow += x * outS[d];
            }
            for (int d = first; d < last; d++) {
                coord[d] = 0;
            }
            while (true) {
                segment(in, idx, out, inRow, idxRow, outRow, n);
                int d = last - 1;
                for (; d >= first; d--) {
                    inRow += inS[d];
                    idxRow += idxS[d];
                    outRow += outS[d];
                    if (++coord[d] < sizes[d]) {
                        break;
                    }
                    coord[d] = 0;
                    inRow -= sizes[d] * inS[d];
                    idxRow -= sizes[d] * idxS[d];
                    outRow -= sizes[d] * outS[d];
                }
                if (d < first) {
                    break;
                }
            }
        }
    }

    /** One run of {@code n} elements along the innermost dimension, in the loop specialised for this plan. */
    private void segment(ByteBuffer in, ByteBuffer idx, ByteBuffer out, long inAt, long idxAt, long outAt, int n) {
        int inPos = (int) inAt;
        int idxPos = (int) idxAt;
        int outPos = (int) outAt;
        if (!plan.fastAxis) {
            rowGeneric(in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n);
            return;
        }
        switch (kind) {
            case 8 + 4 -> rowE1I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, (int) wrap);
            case 16 + 4 -> rowE2I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, (int) wrap);
            case 32 + 4 -> rowE4I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, (int) wrap);
            case 64 + 4 -> rowE8I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, (int) wrap);
            case 8 + 8 -> rowE1I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, wrap);
            case 16 + 8 -> rowE2I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, wrap);
            case 32 + 8 -> rowE4I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, wrap);
            case 64 + 8 -> rowE8I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                    axisStep, axisSize, wrap);
            default -> throw new IllegalStateException("no loop for " + plan.elementSize + "-byte elements");
        }
    }

    /**
     * The number of the first element in {@code [begin, end)} whose index is out of range, or -1. Used by
     * {@link IndexPolicy#STRICT} before anything is written.
     */
    long firstOutOfRange(ByteBuffer idx, long begin, long end) {
        final long[] sizes = plan.sizes;
        final long[] idxS = plan.indicesStrides;
        final int last = sizes.length - 1;
        long[] coord = new long[sizes.length];
        long rest = begin;
        for (int d = last; d >= 0; d--) {
            coord[d] = rest % sizes[d];
            rest /= sizes[d];
        }
        long idxRow = 0;
        for (int d = 0; d < last; d++) {
            idxRow += coord[d] * idxS[d];
        }
        final int idxStep = (int) idxS[last];
        final long axisSize = plan.axisSize;
        final long wrap = plan.wrapMask;
        long inner = coord[last];
        long number = begin;
        while (number < end) {
            int n = (int) Math.min(sizes[last] - inner, end - number);
            int idxPos = (int) (idxRow + inner * idxStep);
            if (plan.indexSize == 4) {
                boolean zeroExtend = plan.indexType == dev.dmlemu.desc.TensorDataType.UINT32;
                for (int j = 0; j < n; j++, idxPos += idxStep) {
                    int v = idx.getInt(idxPos);
                    long raw = zeroExtend ? v & 0xFFFF_FFFFL : v;
                    if (Long.compareUnsigned(raw + ((raw >> 63) & wrap), axisSize) >= 0) {
                        return number + j;
                    }
                }
            } else {
                for (int j = 0; j < n; j++, idxPos += idxStep) {
                    long raw = idx.getLong(idxPos);
                    if (Long.compareUnsigned(raw + ((raw >> 63) & wrap), axisSize) >= 0) {
                        return number + j;
                    }
                }
            }
            number += n;
            if (number == end) {
                break;
            }
            inner = 0;
            for (int d = last - 1; d >= 0; d--) {
                idxRow += idxS[d];
                if (++coord[d] < sizes[d]) {
                    break;
                }
                coord[d] = 0;
                idxRow -= sizes[d] * idxS[d];
            }
        }
        return -1;
    }

    /** The index value at an element number, as a 64-bit value (INT32 sign-extended, UINT32 zero-extended). */
    long indexAt(ByteBuffer idx, long number) {
        long pos = 0;
        long rest = number;
        for (int d = plan.sizes.length - 1; d >= 0; d--) {
            pos += (rest % plan.sizes[d]) * plan.indicesStrides[d];
            rest /= plan.sizes[d];
        }
        return plan.indexSize == 8 ? idx.getLong((int) pos) : widen(idx.getInt((int) pos));
    }

    private long widen(int v) {
        return plan.indexType == dev.dmlemu.desc.TensorDataType.UINT32 ? v & 0xFFFF_FFFFL : v;
    }

    /**
     * The input element an index selects, for any index (the fast loops only send out-of-range ones here), or -1
     * when the element reads as zero.
     *
     * @param raw the index as a 64-bit value (INT32 sign-extended, UINT32 zero-extended, 64-bit types as stored)
     * @param base the sum of the non-axis input coordinates times their strides, in elements
     */
    long inputElement(long raw, long base) {
        long axisSize = plan.axisSize;
        switch (plan.policy) {
            case DIRECTML: {
                // docs/directml-behaviour.md §7.1, steps 1-7.
                long index = raw < 0 ? raw + axisSize : raw;
                long low32 = axisSize == 1 ? 0 : index & 0xFFFF_FFFFL;
                long offset = (base + low32 * plan.axisStride) & 0xFFFF_FFFFL;
                if (offset > plan.inputLastElement) {
                    offset = plan.inputLastElement;
                }
                return offset == plan.inputLastElement && plan.inputLastElementPartial ? -1 : offset;
            }
            case CLAMP_AXIS: {
                long position;
                if (plan.signedWrap) {
                    position = raw < 0 ? raw + axisSize : raw;
                    position = position < 0 ? 0 : Math.min(position, axisSize - 1);
                } else {
                    position = Long.compareUnsigned(raw, axisSize) >= 0 ? axisSize - 1 : raw;
                }
                return base + position * plan.axisStride;
            }
            case STRICT: {
                long position = plan.signedWrap && raw < 0 ? raw + axisSize : raw;
                if (Long.compareUnsigned(position, axisSize) >= 0) {
                    // The indices were checked before writing; only a concurrent change to them can get here.
                    throw new OperatorExecutionException("IndicesTensor: index " + plan.indexText(raw)
                            + " is out of range for axis size " + axisSize
                            + "; the indices buffer changed during execution");
                }
                return base + position * plan.axisStride;
            }
            default:
                throw new IllegalStateException("unknown policy " + plan.policy);
        }
    }

    /** Writes the element an out-of-range index selects. {@code inPos} is the row's non-axis input byte offset. */
    void outOfRange(ByteBuffer in, ByteBuffer out, int outPos, int inPos, long raw) {
        long element = inputElement(raw, inPos / plan.elementSize);
        copyElement(in, out, outPos, element);
    }

    void outOfRange32(ByteBuffer in, ByteBuffer out, int outPos, int inPos, int v) {
        outOfRange(in, out, outPos, inPos, widen(v));
    }

    private void copyElement(ByteBuffer in, ByteBuffer out, int outPos, long element) {
        int from = (int) (element * plan.elementSize);
        switch (plan.elementSize) {
            case 1 -> out.put(outPos, element < 0 ? 0 : in.get(from));
            case 2 -> out.putShort(outPos, element < 0 ? 0 : in.getShort(from));
            case 4 -> out.putInt(outPos, element < 0 ? 0 : in.getInt(from));
            case 8 -> out.putLong(outPos, element < 0 ? 0 : in.getLong(from));
            default -> throw new IllegalStateException("no copy for " + plan.elementSize + "-byte elements");
        }
    }

    /** Any axis size (up to 2^32 - 1, beyond an int): every element through {@link #inputElement}. */
    private void rowGeneric(ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep, int idxPos,
            int idxStep, int outPos, int outStep, int n) {
        for (int j = 0; j < n; j++) {
            long raw = plan.indexSize == 8 ? idx.getLong(idxPos) : widen(idx.getInt(idxPos));
            copyElement(in, out, outPos, inputElement(raw, inPos / plan.elementSize));
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    // The specialised row loops: element size E (bytes) x index width I (bytes). Negative indices get `wrap` (the
    // axis size, or 0 when they do not count from the end) added without a branch; one unsigned compare then
    // separates in-range indices from the rest.

    private static void rowE1I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.put(outPos, in.get(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE2I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.putShort(outPos, in.getShort(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE4I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.putInt(outPos, in.getInt(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE8I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.putLong(outPos, in.getLong(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE1I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.put(outPos, in.get(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE2I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.putShort(outPos, in.getShort(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE4I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.putInt(outPos, in.getInt(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE8I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.putLong(outPos, in.getLong(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }
}

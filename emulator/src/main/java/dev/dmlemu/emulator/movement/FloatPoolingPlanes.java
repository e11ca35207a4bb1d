package dev.dmlemu.emulator.movement;

import dev.dmlemu.emulator.WorkspacePool;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;

/**
 * The FLOAT32 max pooling fast path over 4-D tensors without indices whose input and output are packed along the last
 * dimension: a separable maximum on {@link FloatPoolKeys} keys, over blocks of output rows of one plane. A block's
 * input rows are read with one bulk get (one per row where the rows' read segments do not follow each other in
 * memory) and mapped to keys in one pass; {@link FloatRowMaxima} reduces them along the rows and
 * {@link FloatColumnMaxima} across them into FLOAT32 bits, each in a few loops over the whole block; the block is
 * written with one bulk put (one per row where output rows do not follow each other). Taking an element only when
 * strictly greater keeps the first of a window's largest elements in any grouping of its taps, so this order gives
 * the walk's value, but for a maximum of ±0, which the exact walk over the window decides ({@link TieValue}).
 *
 * <p>Every loop over elements is in a small method called a few times per block, over the whole block: no hot loop
 * depends on an on-stack compilation of the row loop or on what C2 inlined into it (docs/performance.md, "MAX_POOL
 * over whole planes").
 *
 * <p>Work units are the execution's output rows, batch, channel and row in row-major order; a worker's range is cut
 * into blocks at multiples of the block height within each plane. Ranges may be small pieces taken in turn
 * ({@code PoolSplit.share}); each takes a worker's scratch (a few hundred KiB) from a few kept for the prepared
 * operator's life, so that pieces and executions allocate nothing.
 */
final class FloatPoolingPlanes {

    /** Most input rows a window may span; larger windows take the row-by-row path. */
    private static final int MOST_SPAN = 256;

    /** Most ints a block may stage per array; geometries needing more take the row-by-row path. */
    private static final long MOST_BLOCK_INTS = 1 << 20;

    /**
     * Ints a block stages per array when its rows allow: large enough that the per-call costs of the bulk transfers
     * and loops vanish and the copies made for the window's overlap are few, small enough to stay in a core's cache.
     */
    private static final int BLOCK_INTS = 1 << 14;

    private final MaxPoolingGeometry g;
    private final FloatRowMaxima rowMaxima;
    private final FloatColumnMaxima columnMaxima;
    private final TieValue tie;
    /** Output rows per block (the last of a plane may have fewer). */
    private final int blockRows;
    /** The most input rows a block reads. */
    private final int mostStaged;
    /** Scratch kept between pieces and executions. */
    private final WorkspacePool<Worker> kept = new WorkspacePool<>(4, Worker::new);

    private FloatPoolingPlanes(MaxPoolingGeometry g, FloatRowMaxima rowMaxima, TieValue tie, int blockRows,
            int mostStaged) {
        this.g = g;
        this.rowMaxima = rowMaxima;
        this.columnMaxima = new FloatColumnMaxima(g.window(), g.rowLength());
        this.tie = tie;
        this.blockRows = blockRows;
        this.mostStaged = mostStaged;
    }

    /**
     * The fast path for a FLOAT32 pooling without indices planned by {@code maxima}, or null where it does not apply:
     * not 4-D, a last dimension that is not packed in the input or the output, or a window or rows too large.
     */
    static FloatPoolingPlanes of(MaxPoolingGeometry g, FloatRowMaxima maxima, TieValue tie) {
        if (g.inputSpatial().length != 2 || g.inputSpatial()[1] != Float.BYTES || g.outputStep() != Float.BYTES) {
            return null;
        }
        PoolingWindow window = g.window();
        long span = (long) (window.mostTaps(0) - 1) * window.dilations()[0] + 1;
        long rowInts = Math.max(g.rowLength(), maxima.plan().readLength());
        if (span < 1 || span > MOST_SPAN || span * rowInts > MOST_BLOCK_INTS) {
            return null;
        }
        long[] first = window.first()[0];
        int[] count = window.count()[0];
        int height = count.length;
        // The most input rows a step of one output row moves the window by.
        long step = 0;
        for (int oh = 1; oh < height; oh++) {
            step = Math.max(step, first[oh] - first[oh - 1]);
        }
        // As many output rows as keep the input rows they read, and the outputs, within BLOCK_INTS.
        long fit = step == 0 ? BLOCK_INTS / rowInts : (BLOCK_INTS / rowInts - span) / step + 1;
        int rows = (int) Math.max(1, Math.min(height, fit));
        // Blocks of even height: the rows the windows overlap are read once per block.
        long blocks = ((long) height + rows - 1) / rows;
        rows = (int) ((height + blocks - 1) / blocks);
        return new FloatPoolingPlanes(g, maxima, tie, rows, (int) staged(rows, step, span));
    }

    /** The most input rows {@code rows} output rows read, {@code step} apart. */
    private static long staged(int rows, long step, long span) {
        return (rows - 1) * step + span;
    }

    /** Output rows {@code [begin, end)}, numbered as {@link MaxPoolingGeometry#units()} counts them. */
    void rows(ByteBuffer in, ByteBuffer out, long begin, long end) {
        Worker worker = kept.take();
        worker.rows(in, out, begin, end);
        kept.give(worker);
    }

    /** Drops the kept scratch. */
    void release() {
        kept.clear();
    }

    /** One thread's scratch: a block's keys, its rows' maxima, three arrays for lined-up taps and its output bits. */
    private final class Worker {

        private ByteBuffer in;
        private IntBuffer inInts;
        private IntBuffer outInts;
        private final int width = g.rowLength();
        private final int readLength = rowMaxima.plan().readLength();
        private final long rowBytes = g.inputSpatial()[0];
        private final int[] keys = new int[mostStaged * readLength];
        private final int[] maxima = new int[mostStaged * width];
        /** Taps' keys or maxima lined up with the outputs they serve. */
        private final int[][] lined = new int[3][Math.max(mostStaged, blockRows) * width];
        private final int[] bits = new int[blockRows * width];

        void rows(ByteBuffer input, ByteBuffer output, long begin, long end) {
            // Offsets name rows of this execution's buffers only.
            in = input;
            inInts = input.asIntBuffer();
            outInts = output.asIntBuffer();
            long[] unitSizes = g.unitSizes();
            int height = (int) unitSizes[2];
            long channels = unitSizes[1];
            long plane = begin / height;
            int oh = (int) (begin - plane * height);
            long n = plane / channels;
            long c = plane - n * channels;
            for (long u = begin; u < end; ) {
                int blockEnd = (int) Math.min(Math.min(height, (oh / blockRows + 1) * blockRows), oh + (end - u));
                long inPlane = n * g.inputUnit()[0] + c * g.inputUnit()[1];
                long outAt = n * g.outputUnit()[0] + c * g.outputUnit()[1] + oh * g.outputUnit()[2];
                block(inPlane, outAt, oh, blockEnd);
                u += blockEnd - oh;
                oh = blockEnd;
                if (oh == height) {
                    oh = 0;
                    if (++c == channels) {
                        c = 0;
                        n++;
                    }
                }
            }
            in = null;
            inInts = null;
            outInts = null;
        }

        /** Output rows {@code [begin, end)} of the plane whose input starts at byte {@code inPlane}. */
        private void block(long inPlane, long outAt, int begin, int end) {
            long[] first = g.window().first()[0];
            int[] count = g.window().count()[0];
            long dilation = g.window().dilations()[0];
            long low = Long.MAX_VALUE;
            long high = Long.MIN_VALUE;
            for (int oh = begin; oh < end; oh++) {
                if (count[oh] > 0) {
                    low = Math.min(low, first[oh]);
                    high = Math.max(high, first[oh] + (count[oh] - 1) * dilation + 1);
                }
            }
            if (low < high) {
                int rows = (int) (high - low);
                stage(inPlane, low, rows);
                rowMaxima.reduceRows(keys, readLength, rows, maxima, width, lined);
            }
            columnMaxima.toBits(maxima, low, begin, end, bits, lined);
            int length = (end - begin) * width;
            if (FloatPoolKeys.anyZero(bits, 0, length)) {
                signZeros(inPlane, begin, end);
            }
            long rowStep = g.outputUnit()[2];
            if (rowStep == (long) width * Float.BYTES) {
                outInts.put((int) (outAt >>> 2), bits, 0, length);
            } else {
                for (int at = 0; at < length; at += width, outAt += rowStep) {
                    outInts.put((int) (outAt >>> 2), bits, at, width);
                }
            }
        }

        /** {@link #keys} gets the keys of the read segments of input rows {@code [low, low + rows)}. */
        private void stage(long inPlane, long low, int rows) {
            long at = inPlane + low * rowBytes + rowMaxima.plan().readFirst() * Float.BYTES;
            int length = rows * readLength;
            if (rowBytes == (long) readLength * Float.BYTES) {
                inInts.get((int) (at >>> 2), keys, 0, length);
            } else {
                for (int i = 0; i < length; i += readLength, at += rowBytes) {
                    inInts.get((int) (at >>> 2), keys, i, readLength);
                }
            }
            FloatPoolKeys.toKeys(keys, 0, length);
        }

        /**
         * The block's outputs whose maximum is a zero get the sign of the first or last zero of their window (the
         * exact walk over it).
         */
        private void signZeros(long inPlane, int begin, int end) {
            long[] firstRow = g.window().first()[0];
            int[] rowCount = g.window().count()[0];
            long rowStep = g.window().dilations()[0];
            long[] firstColumn = g.window().first()[1];
            int[] columnCount = g.window().count()[1];
            long columnStep = g.window().dilations()[1] * Float.BYTES;
            for (int oh = begin, at0 = 0; oh < end; oh++, at0 += width) {
                for (int o = 0; o < width; o++) {
                    if ((bits[at0 + o] & 0x7FFF_FFFF) != 0) {
                        continue;
                    }
                    int zero = 0;
                    boolean found = false;
                    for (int t = 0; t < rowCount[oh] && !(found && tie == TieValue.FIRST); t++) {
                        long at = inPlane + (firstRow[oh] + t * rowStep) * rowBytes + firstColumn[o] * Float.BYTES;
                        for (int s = 0; s < columnCount[o]; s++, at += columnStep) {
                            int x = in.getInt((int) at);
                            if ((x & 0x7FFF_FFFF) == 0) {
                                zero = x;
                                found = true;
                                if (tie == TieValue.FIRST) {
                                    break;
                                }
                            }
                        }
                    }
                    bits[at0 + o] = zero;
                }
            }
        }
    }
}

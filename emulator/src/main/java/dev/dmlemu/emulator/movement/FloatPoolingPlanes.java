package dev.dmlemu.emulator.movement;

import dev.dmlemu.emulator.WorkspacePool;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * The FLOAT32 max pooling fast path over 4-D tensors without indices whose input and output are packed along the last
 * dimension: a separable maximum on {@link FloatPoolKeys} keys. Input rows are read in blocks with one bulk get (a
 * block of adjacent rows at a time when the rows' read segments follow each other in memory), mapped to keys in one
 * pass, and each row is reduced along its length once ({@link FloatRowMaxima}) into a ring of rows kept for the output
 * rows whose windows share it. An output row is the column maximum of its window rows' maxima, turned back into bits
 * in the same pass; output rows that follow each other in memory are written with one bulk put. Taking an element
 * only when strictly greater keeps the first of a window's largest elements in any grouping of its taps, so this
 * order gives the walk's value, but for a maximum of ±0, which the exact walk over the window decides
 * ({@link TieValue}).
 *
 * <p>Work units are the execution's output rows, batch, channel and row in row-major order, so a worker's contiguous
 * range crosses planes as it likes: the ring and the staged block are keyed by the input rows' byte offsets. Ranges
 * may be small pieces taken in turn ({@code PoolSplit.share}); each takes a worker's scratch (a few hundred KiB) from a
 * few kept for the prepared operator's life, so that pieces and executions allocate nothing.
 */
final class FloatPoolingPlanes {

    /** Most input rows a window may span (and the ring hold); larger windows take the row-by-row path. */
    private static final int MOST_SPAN = 256;

    /** Most ints the ring may hold per worker. */
    private static final long MOST_RING_INTS = 1 << 20;

    /**
     * Ints staged per bulk get or put when rows follow each other: large enough that the per-call cost of a bulk
     * transfer vanishes, small enough to stay in a core's cache.
     */
    private static final int BLOCK_INTS = 1 << 14;

    private final MaxPoolingGeometry g;
    private final FloatRowMaxima maxima;
    private final TieValue tie;
    private final int span;
    /** The last input row any window reads: blocks are staged no further. */
    private final long lastRow;
    /** Scratch kept between pieces and executions. */
    private final WorkspacePool<Worker> kept = new WorkspacePool<>(4, Worker::new);

    private FloatPoolingPlanes(MaxPoolingGeometry g, FloatRowMaxima maxima, TieValue tie, int span, long lastRow) {
        this.g = g;
        this.maxima = maxima;
        this.tie = tie;
        this.span = span;
        this.lastRow = lastRow;
    }

    /**
     * The fast path for a FLOAT32 pooling without indices planned by {@code maxima}, or null where it does not apply:
     * not 4-D, a last dimension that is not packed in the input or the output, or a window spanning too many rows.
     */
    static FloatPoolingPlanes of(MaxPoolingGeometry g, FloatRowMaxima maxima, TieValue tie) {
        if (g.inputSpatial().length != 2 || g.inputSpatial()[1] != Float.BYTES || g.outputStep() != Float.BYTES) {
            return null;
        }
        PoolingWindow window = g.window();
        long rows = (long) (window.mostTaps(0) - 1) * window.dilations()[0] + 1;
        if (rows < 1 || rows > MOST_SPAN || rows * g.rowLength() > MOST_RING_INTS) {
            return null;
        }
        long lastRow = -1;
        for (int o = 0; o < window.count()[0].length; o++) {
            int taps = window.count()[0][o];
            if (taps > 0) {
                lastRow = Math.max(lastRow, window.first()[0][o] + (taps - 1) * window.dilations()[0]);
            }
        }
        return new FloatPoolingPlanes(g, maxima, tie, (int) rows, lastRow);
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

    /** One thread's scratch: the staged input block, the ring of row maxima, the output rows waiting to be put. */
    private final class Worker {

        private ByteBuffer in;
        private IntBuffer inInts;
        private IntBuffer outInts;
        private final int width = g.rowLength();
        private final int readLength = maxima.plan().readLength();
        private final long rowBytes = g.inputSpatial()[0];
        private final int blockRows = rowBytes == (long) readLength * Float.BYTES
                ? Math.max(1, BLOCK_INTS / readLength) : 1;
        private final int[] staged = new int[blockRows * readLength];
        /** The run's tap maxima of the staged rows, where {@link FloatRowMaxima#stepsByOne()}; else null. */
        private final int[] tapMaxima = maxima.stepsByOne() ? new int[staged.length] : null;
        private final int[] blockScratch = maxima.stepsByOne() ? new int[staged.length] : null;
        private final int[] blockScratch2 = maxima.stepsByOne() ? new int[staged.length] : null;
        /** The staged block: input rows {@code [stagedFirst, stagedFirst + stagedRows)} of the plane at this byte. */
        private long stagedPlane = -1;
        private long stagedFirst;
        private int stagedRows;
        private final long[] ringOffset = new long[span];
        private final int[][] ring = new int[span][width];
        private final int[][] windowRows = new int[span][];
        private final int[] keys = new int[width];
        private final int[] bits = new int[width];
        private final int[] scratch = new int[width];
        private final int[] scratch2 = new int[width];
        private final int[] pending = new int[Math.max(1, BLOCK_INTS / width) * width];
        private int pendingIndex;
        private int pendingLength;
        /** Per queued output row: its input plane's byte offset and its output row, for the zeros' walk. */
        private final long[] pendingPlane = new long[pending.length / width];
        private final int[] pendingRow = new int[pending.length / width];
        /**
         * Per column, negative while no queued output is a zero: an element-wise AND per row, so that the rows need
         * no reduction of their own (C2 17 reduces a vector on every pass of a loop).
         */
        private final int[] nonZero = new int[width];

        void rows(ByteBuffer input, ByteBuffer output, long begin, long end) {
            // Offsets name rows of this execution's buffers only.
            in = input;
            inInts = input.asIntBuffer();
            outInts = output.asIntBuffer();
            Arrays.fill(ringOffset, -1);
            Arrays.fill(nonZero, -1);
            stagedPlane = -1;
            long[] unitSizes = g.unitSizes();
            long heightOut = unitSizes[2];
            long channels = unitSizes[1];
            long[] firstRow = g.window().first()[0];
            int[] rowCount = g.window().count()[0];
            long rowStep = g.window().dilations()[0];
            // Batch, channel and output row of unit begin, then counted on (no division per row).
            long plane = begin / heightOut;
            int oh = (int) (begin - plane * heightOut);
            long n = plane / channels;
            long c = plane - n * channels;
            for (long u = begin; u < end; u++) {
                long inPlane = n * g.inputUnit()[0] + c * g.inputUnit()[1];
                long outAt = n * g.outputUnit()[0] + c * g.outputUnit()[1] + oh * g.outputUnit()[2];
                int rows = rowCount[oh];
                for (int t = 0; t < rows; t++) {
                    long h = firstRow[oh] + t * rowStep;
                    windowRows[t] = rowMaxima(inPlane, h);
                }
                columnMaximaToBits(rows);
                write((int) (outAt >>> 2), inPlane, oh);
                if (++oh == heightOut) {
                    oh = 0;
                    if (++c == channels) {
                        c = 0;
                        n++;
                    }
                }
            }
            flush();
            in = null;
            inInts = null;
            outInts = null;
        }

        /** The maxima of input row {@code h} of the plane at byte {@code inPlane}, from the ring or reduced now. */
        private int[] rowMaxima(long inPlane, long h) {
            long offset = inPlane + h * rowBytes;
            int slot = (int) (h % span);
            int[] row = ring[slot];
            if (ringOffset[slot] != offset) {
                if (inPlane != stagedPlane || h < stagedFirst || h - stagedFirst >= stagedRows) {
                    stage(inPlane, h);
                }
                int at = (int) (h - stagedFirst) * readLength;
                if (tapMaxima != null) {
                    maxima.reduceFromTapMaxima(tapMaxima, staged, at, row);
                } else {
                    maxima.reduce(staged, at, row, scratch, scratch2);
                }
                ringOffset[slot] = offset;
            }
            return row;
        }

        /** Stages as keys the read segments of input rows {@code h} on of the plane at {@code inPlane}, as fit. */
        private void stage(long inPlane, long h) {
            int rows = (int) Math.min(blockRows, lastRow - h + 1);
            int length = rows * readLength;
            long offset = inPlane + h * rowBytes + maxima.plan().readFirst() * Float.BYTES;
            inInts.get((int) (offset >>> 2), staged, 0, length);
            FloatPoolKeys.toKeys(staged, 0, length);
            if (tapMaxima != null) {
                maxima.tapMaxima(staged, length, tapMaxima, blockScratch, blockScratch2);
            }
            stagedPlane = inPlane;
            stagedFirst = h;
            stagedRows = rows;
        }

        /**
         * {@code bits} gets the column maximum of the first {@code rows} of {@code windowRows} as FLOAT32 bits.
         */
        private void columnMaximaToBits(int rows) {
            if (rows == 0) {
                // A window wholly in the padding: the start value.
                Arrays.fill(bits, FloatPoolKeys.toBits(FloatPoolKeys.LOWEST));
                return;
            }
            if (rows == 3) {
                FloatPoolKeys.maximumToBits(windowRows[0], windowRows[1], windowRows[2], bits, width);
            } else if (rows == 1) {
                FloatPoolKeys.toBits(windowRows[0], bits, width);
            } else {
                int[] a = windowRows[0];
                int[] b = windowRows[1];
                for (int o = 0; o < width; o++) {
                    keys[o] = FloatPoolKeys.max(a[o], b[o]);
                }
                for (int r = 2; r < rows; r++) {
                    int[] next = windowRows[r];
                    for (int o = 0; o < width; o++) {
                        keys[o] = FloatPoolKeys.max(keys[o], next[o]);
                    }
                }
                FloatPoolKeys.toBits(keys, bits, width);
            }
        }

        /**
         * The queued outputs whose maximum is a zero get the sign of the first or last zero of their window (the exact
         * walk over it).
         */
        private void signZeros() {
            long[] firstRow = g.window().first()[0];
            int[] rowCount = g.window().count()[0];
            long rowStep = g.window().dilations()[0];
            long[] firstColumn = g.window().first()[1];
            int[] columnCount = g.window().count()[1];
            long columnStep = g.window().dilations()[1] * Float.BYTES;
            for (int k = 0, at0 = 0; at0 < pendingLength; k++, at0 += width) {
                int oh = pendingRow[k];
                for (int o = 0; o < width; o++) {
                    if ((pending[at0 + o] & 0x7FFF_FFFF) != 0) {
                        continue;
                    }
                    int zero = 0;
                    boolean found = false;
                    for (int t = 0; t < rowCount[oh] && !(found && tie == TieValue.FIRST); t++) {
                        long at = pendingPlane[k] + (firstRow[oh] + t * rowStep) * rowBytes
                                + firstColumn[o] * Float.BYTES;
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
                    pending[at0 + o] = zero;
                }
            }
        }

        /**
         * Queues {@code bits} for the output row at int {@code index} (row {@code oh} of the input plane at byte
         * {@code inPlane}), putting the queue first unless it ends there.
         */
        private void write(int index, long inPlane, int oh) {
            boolean follows = index == pendingIndex + pendingLength && pendingLength + width <= pending.length;
            if (pendingLength > 0 && !follows) {
                flush();
            }
            if (pendingLength == 0) {
                pendingIndex = index;
            }
            System.arraycopy(bits, 0, pending, pendingLength, width);
            FloatPoolKeys.markZeros(bits, nonZero, width);
            pendingPlane[pendingLength / width] = inPlane;
            pendingRow[pendingLength / width] = oh;
            pendingLength += width;
        }

        private void flush() {
            if (pendingLength > 0) {
                if (FloatPoolKeys.anyZero(nonZero)) {
                    signZeros();
                    Arrays.fill(nonZero, -1);
                }
                outInts.put(pendingIndex, pending, 0, pendingLength);
                pendingLength = 0;
            }
        }
    }
}

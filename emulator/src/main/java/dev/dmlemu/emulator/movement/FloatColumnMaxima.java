package dev.dmlemu.emulator.movement;

import java.util.Arrays;

/**
 * The FLOAT32 fast path's reduction across input rows: per output of a block of output rows of one plane, the largest
 * of its window rows' maxima along the last dimension ({@link FloatRowMaxima}), turned back into FLOAT32 bits in the
 * same loop. The run of output rows whose windows are whole and step evenly ({@link FloatPoolingRow} of the first
 * spatial dimension) takes per tap one copy that lines the tap's rows up with the outputs (one for the whole block at
 * step 1, else one per output row) and one loop over the whole block; the rows cut by the padding take their taps
 * one by one.
 */
final class FloatColumnMaxima {

    private final FloatPoolingRow plan;
    private final long[] first;
    private final int[] count;
    private final long dilation;
    private final int width;

    FloatColumnMaxima(PoolingWindow window, int width) {
        this.plan = FloatPoolingRow.of(window, 0);
        this.first = window.first()[0];
        this.count = window.count()[0];
        this.dilation = window.dilations()[0];
        this.width = width;
    }

    /**
     * {@code bits[0, (end - begin) * width)} gets output rows {@code [begin, end)} as FLOAT32 bits, from
     * {@code rowMaxima}, the maxima of input rows {@code firstRow} on, {@code width} per row, holding every row their
     * windows read. The three {@code lined} arrays hold {@code (end - begin) * width} ints each.
     */
    void toBits(int[] rowMaxima, long firstRow, int begin, int end, int[] bits, int[][] lined) {
        int runBegin = Math.max(begin, plan.runFirst());
        int runEnd = Math.min(end, plan.runEnd());
        if (runBegin < runEnd) {
            run(rowMaxima, firstRow, begin, runBegin, runEnd, bits, lined);
        } else {
            runBegin = runEnd = end;
        }
        for (int oh = begin; oh < end; oh++) {
            if (oh == runBegin) {
                oh = runEnd - 1;
                continue;
            }
            cutRow(rowMaxima, firstRow, oh, bits, (oh - begin) * width);
        }
    }

    /**
     * Output rows {@code [runBegin, runEnd)} of the run, at their place in the block that starts at {@code begin}. The
     * bits are never one of the loop's inputs (as in {@link FloatRowMaxima}), but for windows of more than three rows.
     */
    private void run(int[] rowMaxima, long firstRow, int begin, int runBegin, int runEnd, int[] bits,
            int[][] lined) {
        int from = (runBegin - begin) * width;
        int end = (runEnd - begin) * width;
        int taps = plan.taps();
        int[] first = tap(rowMaxima, firstRow, begin, runBegin, runEnd, 0, lined[0]);
        if (taps == 1) {
            FloatPoolKeys.toBits(first, bits, from, end);
            return;
        }
        int[] second = tap(rowMaxima, firstRow, begin, runBegin, runEnd, 1, lined[1]);
        if (taps == 2) {
            FloatPoolKeys.maximumToBits(first, second, bits, from, end);
            return;
        }
        int[] third = tap(rowMaxima, firstRow, begin, runBegin, runEnd, 2, lined[2]);
        if (taps == 3) {
            FloatPoolKeys.maximumToBits(first, second, third, bits, from, end);
            return;
        }
        // The maximum is kept as keys in bits, and turned into bits by the last loop.
        FloatPoolKeys.maximum(first, second, third, bits, from, end);
        for (int t = 3; t < taps; t++) {
            int[] next = tap(rowMaxima, firstRow, begin, runBegin, runEnd, t, lined[0]);
            FloatPoolKeys.maximumInto(next, bits, from, end);
        }
        FloatPoolKeys.toBits(bits, bits, from, end);
    }

    /**
     * The maxima of tap {@code t} of the run's output rows, lined up with the outputs: {@code rowMaxima} itself where
     * they already are, else copied to {@code target}.
     */
    private int[] tap(int[] rowMaxima, long firstRow, int begin, int runBegin, int runEnd, int t, int[] target) {
        long step = plan.runStep();
        // Rows within the staged block, so the offsets fit an int.
        int source = (int) (first[runBegin] + t * dilation - firstRow) * width;
        int at = (runBegin - begin) * width;
        if (step == 1 || runEnd - runBegin == 1) {
            if (source == at) {
                return rowMaxima;
            }
            System.arraycopy(rowMaxima, source, target, at, (runEnd - runBegin) * width);
        } else {
            for (int oh = runBegin; oh < runEnd; oh++, source += (int) step * width, at += width) {
                System.arraycopy(rowMaxima, source, target, at, width);
            }
        }
        return target;
    }

    /** Output row {@code oh}, cut by the padding (or wholly in it), tap by tap into {@code bits} at {@code at} on. */
    private void cutRow(int[] rowMaxima, long firstRow, int oh, int[] bits, int at) {
        int rows = count[oh];
        if (rows == 0) {
            // A window wholly in the padding: the start value.
            Arrays.fill(bits, at, at + width, FloatPoolKeys.toBits(FloatPoolKeys.LOWEST));
            return;
        }
        int row = (int) (first[oh] - firstRow) * width;
        int rowStep = (int) dilation * width;
        for (int o = 0; o < width; o++) {
            int best = FloatPoolKeys.LOWEST;
            for (int t = 0, i = row + o; t < rows; t++, i += rowStep) {
                best = FloatPoolKeys.max(best, rowMaxima[i]);
            }
            bits[at + o] = FloatPoolKeys.toBits(best);
        }
    }
}

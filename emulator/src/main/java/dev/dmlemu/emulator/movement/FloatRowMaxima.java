package dev.dmlemu.emulator.movement;

/**
 * The FLOAT32 fast path's reduction of input rows along the last spatial dimension: per output of a row, the largest
 * {@link FloatPoolKeys} key of its taps. The run of whole, evenly stepped windows ({@link FloatPoolingRow}) takes one
 * loop per tap, the first tap assigning, which C2 vectorizes at step 1; the windows cut by the padding take their taps
 * one by one. Keys are never below {@link FloatPoolKeys#LOWEST}, so a window's first tap can start it.
 */
final class FloatRowMaxima {

    private final FloatPoolingRow plan;
    private final long[] first;
    private final int[] count;
    private final int dilation;

    FloatRowMaxima(FloatPoolingRow plan, PoolingWindow window, int last) {
        this.plan = plan;
        this.first = window.first()[last];
        this.count = window.count()[last];
        // Taps of a run lie within the read segment, whose length is an int.
        this.dilation = (int) Math.min(window.dilations()[last], Integer.MAX_VALUE);
    }

    FloatPoolingRow plan() {
        return plan;
    }

    /**
     * Fills {@code maxima[0, count.length)} from {@code segment} at {@code from}, the keys of the input row's read
     * segment ({@link FloatPoolingRow#readFirst()} on, {@link FloatPoolingRow#readLength()} of them). {@code scratch}
     * and {@code scratch2} are the caller's, as long as {@code maxima}.
     */
    void reduce(int[] segment, int from, int[] maxima, int[] scratch, int[] scratch2) {
        int runFirst = plan.runFirst();
        int runEnd = plan.runEnd();
        if (runEnd > runFirst) {
            // Offsets within the segment, so they fit an int.
            int base = from + (int) (first[runFirst] - plan.readFirst());
            if (plan.runStep() == 1) {
                wholeWindowsSteppingByOne(segment, maxima, scratch, scratch2, base, runFirst, runEnd - runFirst);
            } else {
                stridedRun(segment, base, maxima, 0);
            }
        }
        cutWindows(segment, from, maxima, 0);
    }

    /**
     * The maxima of {@code rows} input rows at once: row {@code r}'s keys (its read segment) are
     * {@code keys[r * pitch, r * pitch + readLength)}, its maxima go to {@code maxima[r * width, (r + 1) * width)}. A
     * run stepping by one takes per tap one copy that lines the tap's keys up with the outputs (one for all rows where
     * {@code pitch} is {@code width}, else one per row) and one loop over every row's run; other runs go row by row.
     * The three {@code lined} arrays hold {@code rows * width} ints each.
     */
    void reduceRows(int[] keys, int pitch, int rows, int[] maxima, int width, int[][] lined) {
        int runFirst = plan.runFirst();
        int runEnd = plan.runEnd();
        if (runEnd > runFirst) {
            int base = (int) (first[runFirst] - plan.readFirst());
            if (plan.runStep() == 1) {
                runsSteppingByOne(keys, pitch, rows, maxima, width, lined, base);
            } else {
                for (int r = 0; r < rows; r++) {
                    stridedRun(keys, r * pitch + base, maxima, r * width);
                }
            }
        }
        for (int r = 0; r < rows; r++) {
            cutWindows(keys, r * pitch, maxima, r * width);
        }
    }

    /**
     * The run of every row, stepping by one: output {@code o} of row {@code r} sits at {@code r * width + o} and tap
     * {@code t} of it at {@code r * pitch + base + (o - runFirst) + t * dilation} of the keys. The positions between
     * two rows' runs get values the cut windows then overwrite. The maxima are never one of the loop's inputs (C2 17
     * compiled the loop with its output as an input 2-3 times slower in some JVMs), but for windows of more than three
     * taps, which take the later ones one by one.
     */
    private void runsSteppingByOne(int[] keys, int pitch, int rows, int[] maxima, int width, int[][] lined,
            int base) {
        int from = plan.runFirst();
        int end = (rows - 1) * width + plan.runEnd();
        int taps = plan.taps();
        int[] first = tap(keys, pitch, rows, width, base, 0, lined[0]);
        if (taps == 1) {
            System.arraycopy(first, from, maxima, from, end - from);
            return;
        }
        int[] second = tap(keys, pitch, rows, width, base, dilation, lined[1]);
        if (taps == 2) {
            FloatPoolKeys.maximum(first, second, maxima, from, end);
            return;
        }
        int[] third = tap(keys, pitch, rows, width, base, 2 * dilation, lined[2]);
        FloatPoolKeys.maximum(first, second, third, maxima, from, end);
        for (int t = 3; t < taps; t++) {
            int[] next = tap(keys, pitch, rows, width, base, t * dilation, lined[0]);
            FloatPoolKeys.maximumInto(next, maxima, from, end);
        }
    }

    /**
     * The keys of the tap {@code offset} past each window's first, lined up with the outputs: {@code keys} itself where
     * they already are, else copied to {@code target}.
     */
    private int[] tap(int[] keys, int pitch, int rows, int width, int base, int offset, int[] target) {
        int runFirst = plan.runFirst();
        int shift = base + offset - runFirst;
        if (pitch == width) {
            if (shift == 0) {
                return keys;
            }
            int from = runFirst;
            int end = (rows - 1) * width + plan.runEnd();
            System.arraycopy(keys, from + shift, target, from, end - from);
        } else {
            int runLength = plan.runEnd() - runFirst;
            for (int r = 0; r < rows; r++) {
                System.arraycopy(keys, r * pitch + base + offset, target, r * width + runFirst, runLength);
            }
        }
        return target;
    }

    /** A run stepping by more than one, tap by tap, into {@code maxima} at {@code to} on. */
    private void stridedRun(int[] segment, int base, int[] maxima, int to) {
        int runFirst = plan.runFirst();
        int runEnd = plan.runEnd();
        int step = (int) plan.runStep();
        for (int o = runFirst, i = base; o < runEnd; o++, i += step) {
            maxima[to + o] = segment[i];
        }
        for (int t = 1; t < plan.taps(); t++) {
            for (int o = runFirst, i = base + t * dilation; o < runEnd; o++, i += step) {
                maxima[to + o] = FloatPoolKeys.max(maxima[to + o], segment[i]);
            }
        }
    }

    /** The outputs outside the run, tap by tap, into {@code maxima} at {@code to} on. */
    private void cutWindows(int[] segment, int from, int[] maxima, int to) {
        int runFirst = plan.runFirst();
        int runEnd = plan.runEnd();
        for (int o = 0; o < count.length; o++) {
            if (o == runFirst && runEnd > runFirst) {
                o = runEnd - 1;
                continue;
            }
            int at = from + (int) (first[o] - plan.readFirst());
            int best = FloatPoolKeys.LOWEST;
            for (int t = 0; t < count[o]; t++) {
                best = FloatPoolKeys.max(best, segment[at + t * dilation]);
            }
            maxima[to + o] = best;
        }
    }

    /**
     * The run at step 1: each tap's keys are first copied to the outputs' positions, so that every maximum loop reads
     * and writes its arrays at the same index (C2 17 leaves this maximum unvectorized when the indices differ).
     */
    private void wholeWindowsSteppingByOne(int[] segment, int[] maxima, int[] scratch, int[] scratch2, int base,
            int runFirst, int length) {
        int taps = plan.taps();
        System.arraycopy(segment, base, maxima, runFirst, length);
        int runEnd = runFirst + length;
        int t = 1;
        for (; t + 1 < taps; t += 2) {
            System.arraycopy(segment, base + t * dilation, scratch, runFirst, length);
            System.arraycopy(segment, base + (t + 1) * dilation, scratch2, runFirst, length);
            FloatPoolKeys.maximum(maxima, scratch, scratch2, maxima, runFirst, runEnd);
        }
        if (t < taps) {
            System.arraycopy(segment, base + t * dilation, scratch, runFirst, length);
            FloatPoolKeys.maximumInto(scratch, maxima, runFirst, runEnd);
        }
    }
}

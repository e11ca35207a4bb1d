package dev.dmlemu.emulator.movement;

/**
 * The FLOAT32 fast path's reduction of one input row along the last spatial dimension: per output of the row, the
 * largest {@link FloatPoolKeys} key of its taps. The run of whole, evenly stepped windows ({@link FloatPoolingRow})
 * takes one loop per tap, the first tap assigning, which C2 vectorizes at step 1; the windows cut by the padding
 * take their taps one by one. Keys are never below {@link FloatPoolKeys#LOWEST}, so a window's first tap can start it.
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
            int step = (int) plan.runStep();
            if (step == 1) {
                wholeWindowsSteppingByOne(segment, maxima, scratch, scratch2, base, runFirst, runEnd - runFirst);
            } else {
                for (int o = runFirst, i = base; o < runEnd; o++, i += step) {
                    maxima[o] = segment[i];
                }
                for (int t = 1; t < plan.taps(); t++) {
                    for (int o = runFirst, i = base + t * dilation; o < runEnd; o++, i += step) {
                        maxima[o] = FloatPoolKeys.max(maxima[o], segment[i]);
                    }
                }
            }
        }
        cutWindows(segment, from, maxima);
    }

    /** Whether the run of whole windows steps by one input element, so that {@link #tapMaxima} applies. */
    boolean stepsByOne() {
        return plan.runEnd() > plan.runFirst() && plan.runStep() == 1;
    }

    /**
     * {@code tapMaxima[i]} gets the maximum over the window's taps {@code t} of {@code keys[i + t * dilation]}, for
     * every {@code i} whose taps lie in {@code keys[0, length)}: for input rows' segments laid end to end, every row's
     * run at once, in a few long loops. {@code scratch} and {@code scratch2} are as long as {@code keys}.
     */
    void tapMaxima(int[] keys, int length, int[] tapMaxima, int[] scratch, int[] scratch2) {
        int windows = length - (plan.taps() - 1) * dilation;
        if (windows > 0) {
            wholeWindowsSteppingByOne(keys, tapMaxima, scratch, scratch2, 0, 0, windows);
        }
    }

    /**
     * {@link #reduce}, for a run stepping by one, from {@link #tapMaxima} of the keys the row's segment is part of:
     * the run is copied, the windows cut by the padding are walked.
     */
    void reduceFromTapMaxima(int[] tapMaxima, int[] segment, int from, int[] maxima) {
        int runFirst = plan.runFirst();
        int base = from + (int) (first[runFirst] - plan.readFirst());
        System.arraycopy(tapMaxima, base, maxima, runFirst, plan.runEnd() - runFirst);
        cutWindows(segment, from, maxima);
    }

    /** The outputs outside the run, tap by tap. */
    private void cutWindows(int[] segment, int from, int[] maxima) {
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
            maxima[o] = best;
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
            for (int o = runFirst; o < runEnd; o++) {
                maxima[o] = FloatPoolKeys.max(FloatPoolKeys.max(maxima[o], scratch[o]), scratch2[o]);
            }
        }
        if (t < taps) {
            System.arraycopy(segment, base + t * dilation, scratch, runFirst, length);
            for (int o = runFirst; o < runEnd; o++) {
                maxima[o] = FloatPoolKeys.max(maxima[o], scratch[o]);
            }
        }
    }
}

package dev.dmlemu.emulator.movement;

/**
 * How a FLOAT32 max pooling without indices walks one output row along the last spatial dimension with
 * {@link FloatPoolKeys}: the input row segment {@code [readFirst, readFirst + readLength)} every window of the row
 * reads, and the run of outputs {@code [runFirst, runEnd)} whose windows are all whole and step evenly (by
 * {@code runStep}), which one loop per tap covers, vectorized when the step is 1. The other outputs (windows cut by the
 * padding) take their taps one by one. Because the running maximum takes an element only when strictly greater, it
 * keeps the first of the window's largest elements in any grouping of its taps (row by row, tap by tap), which is
 * what makes this order of loops give the same bits.
 *
 * @param readFirst the first input coordinate the row reads
 * @param readLength how many input coordinates it reads (0 when no window reaches the input)
 * @param runFirst the first output of the even run
 * @param runEnd the end of the even run (equal to {@code runFirst} when there is none)
 * @param runStep the input coordinates between the windows of two outputs of the run
 * @param taps the taps of a whole window
 */
record FloatPoolingRow(long readFirst, int readLength, int runFirst, int runEnd, long runStep, int taps) {

    static FloatPoolingRow of(PoolingWindow window, int last) {
        long[] first = window.first()[last];
        int[] count = window.count()[last];
        long dilation = window.dilations()[last];
        int taps = window.mostTaps(last);
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int o = 0; o < count.length; o++) {
            if (count[o] > 0) {
                lo = Math.min(lo, first[o]);
                hi = Math.max(hi, first[o] + (count[o] - 1) * dilation + 1);
            }
        }
        int length = lo > hi ? 0 : Math.toIntExact(hi - lo);
        // The longest run of whole windows stepping evenly.
        int bestFirst = 0;
        int bestEnd = 0;
        long bestStep = 0;
        int o = 0;
        while (o < count.length) {
            if (count[o] != taps || taps == 0) {
                o++;
                continue;
            }
            int end = o + 1;
            long step = end < count.length ? first[end] - first[o] : 1;
            while (end < count.length && count[end] == taps && first[end] - first[end - 1] == step) {
                end++;
            }
            if (end - o > bestEnd - bestFirst) {
                bestFirst = o;
                bestEnd = end;
                bestStep = end - o > 1 ? step : 1;
            }
            o = end;
        }
        return new FloatPoolingRow(length == 0 ? 0 : lo, length, bestFirst, bestEnd, bestStep, taps);
    }
}

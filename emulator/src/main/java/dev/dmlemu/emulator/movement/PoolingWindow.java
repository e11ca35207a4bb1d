package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import java.util.List;

/**
 * A pooling's window along its spatial dimensions, resolved once at {@code prepare} into the input elements each output
 * coordinate reads: per spatial dimension and output coordinate {@code o}, the taps
 * {@code o * Strides - StartPadding + w * Dilations} ({@code 0 <= w < WindowSize}) that land inside the input, as the
 * first such input coordinate and their count. Taps in the padding are never read: DirectML skips them
 * (docs/directml-behaviour.md §16.9), and so the emulator never reads outside the input.
 *
 * @param first per spatial dimension, per output coordinate: the first input coordinate inside the input
 * @param count per spatial dimension, per output coordinate: how many taps lie inside the input (0: none)
 * @param dilations per spatial dimension: the step between taps
 */
record PoolingWindow(long[][] first, int[][] count, long[] dilations) {

    /** The window arrays of a pooling desc (Dilations all 1 for the versions without them). */
    record Fields(List<Long> strides, List<Long> windowSizes, List<Long> startPadding, List<Long> dilations) {}

    static PoolingWindow of(OperatorType type, long[] inputSpatial, long[] outputSpatial, Fields fields) {
        try {
            return resolved(type, inputSpatial, outputSpatial, fields);
        } catch (ArithmeticException e) {
            throw Shapes.refuse(type, "the window's coordinates overflow: " + e.getMessage());
        }
    }

    private static PoolingWindow resolved(OperatorType type, long[] inputSpatial, long[] outputSpatial,
            Fields fields) {
        int k = inputSpatial.length;
        long[][] first = new long[k][];
        int[][] count = new int[k][];
        long[] dilations = new long[k];
        for (int d = 0; d < k; d++) {
            long stride = fields.strides().get(d);
            long window = fields.windowSizes().get(d);
            long start = fields.startPadding().get(d);
            long dilation = fields.dilations().get(d);
            if (stride == 0 || window == 0 || dilation == 0) {
                // DirectML accepts them (§14.2); what it computes then was not measured.
                throw Shapes.refuse(type, "spatial dimension " + d + ": a stride, window size or dilation of 0 was"
                        + " not measured on the real DLL");
            }
            dilations[d] = dilation;
            int outputs = Math.toIntExact(outputSpatial[d]);
            first[d] = new long[outputs];
            count[d] = new int[outputs];
            for (int o = 0; o < outputs; o++) {
                resolve(inputSpatial[d], Math.multiplyExact((long) o, stride) - start, window, dilation, first[d],
                        count[d], o);
            }
        }
        return new PoolingWindow(first, count, dilations);
    }

    /** The taps {@code origin + w * dilation}, {@code 0 <= w < window}, inside {@code [0, size)}. */
    private static void resolve(long size, long origin, long window, long dilation, long[] first, int[] count,
            int o) {
        // The first tap at or after 0, and the last before size, by division (no walk over a huge window).
        long skipped = origin >= 0 ? 0 : Math.floorDiv(-origin + dilation - 1, dilation);
        long lastTap = Math.min(window - 1, origin >= size ? -1 : Math.floorDiv(size - 1 - origin, dilation));
        long taps = skipped > lastTap ? 0 : lastTap - skipped + 1;
        first[o] = taps == 0 ? 0 : origin + skipped * dilation;
        count[o] = Math.toIntExact(taps);
    }

    /** The most taps any output coordinate has along dimension {@code d}. */
    int mostTaps(int d) {
        int most = 0;
        for (int c : count[d]) {
            most = Math.max(most, c);
        }
        return most;
    }
}

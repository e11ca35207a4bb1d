package dev.dmlemu.emulator.movement;

import dev.dmlemu.emulator.CoordinateCursor;

/**
 * Lines along one axis of an iteration space that one to three tensors share: the other dimensions (outermost first)
 * with each tensor's byte strides for them, walked by a {@link CoordinateCursor}, and along the axis its length and
 * each tensor's byte step. ONE_HOT's sequences and REVERSE_SUBSEQUENCES' subsequences are such lines.
 */
record AxisLines(long[] outerSizes, long[][] outerStrides, long length, long[] steps) {

    /**
     * @param sizes the space's sizes
     * @param axis the dimension the lines run along
     * @param elementStrides per tensor, its element strides over the space's dimensions
     * @param elementSizes per tensor, its bytes per element
     */
    static AxisLines of(long[] sizes, int axis, long[][] elementStrides, int[] elementSizes) {
        long[] outer = new long[sizes.length - 1];
        long[][] outerStrides = new long[elementStrides.length][outer.length];
        long[] steps = new long[elementStrides.length];
        for (int t = 0; t < elementStrides.length; t++) {
            steps[t] = Math.multiplyExact(elementStrides[t][axis], elementSizes[t]);
        }
        for (int d = 0, o = 0; d < sizes.length; d++) {
            if (d == axis) {
                continue;
            }
            outer[o] = sizes[d];
            for (int t = 0; t < elementStrides.length; t++) {
                outerStrides[t][o] = Math.multiplyExact(elementStrides[t][d], elementSizes[t]);
            }
            o++;
        }
        return new AxisLines(outer, outerStrides, sizes[axis], steps);
    }

    /** How many lines (validated sizes: the product fits in 32 bits). */
    long count() {
        long count = 1;
        for (long size : outerSizes) {
            count = Math.multiplyExact(count, size);
        }
        return count;
    }

    /** A cursor over the lines, one byte offset per tensor: each worker takes its own. */
    CoordinateCursor cursor() {
        return new CoordinateCursor(outerSizes, outerStrides);
    }
}

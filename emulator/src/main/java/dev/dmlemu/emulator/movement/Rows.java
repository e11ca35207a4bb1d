package dev.dmlemu.emulator.movement;

/**
 * A tensor walked row by row: the outer dimensions (sizes and byte strides) a cursor steps through, and each row's
 * length and byte step.
 */
record Rows(long[] outerSizes, long[] outerStrides, long rowLength, long rowStep) {

    /** How many rows (validated sizes: the product fits in 32 bits). */
    long count() {
        long count = 1;
        for (long size : outerSizes) {
            count = Math.multiplyExact(count, size);
        }
        return count;
    }
}

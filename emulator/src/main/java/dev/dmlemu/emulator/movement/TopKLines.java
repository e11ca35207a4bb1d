package dev.dmlemu.emulator.movement;

/**
 * The lines TOP_K sorts: the dimensions but the axis with the byte strides of the input, the value output and the
 * index output, and along each line its length, the K kept and the byte step in each tensor.
 */
record TopKLines(long[] outerSizes, long[] inputOuter, long[] valueOuter, long[] indexOuter, int length, int k,
        long inputStep, long valueStep, long indexStep) {

    long count() {
        long count = 1;
        for (long size : outerSizes) {
            count = Math.multiplyExact(count, size);
        }
        return count;
    }
}

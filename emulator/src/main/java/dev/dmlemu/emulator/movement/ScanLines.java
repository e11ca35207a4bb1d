package dev.dmlemu.emulator.movement;

/**
 * The lines a scan runs along: the outer dimensions (every dimension but the axis) with both tensors' byte strides,
 * and along each line its length, the first element's byte offset and the byte step in input and output (negative
 * when the scan runs backwards).
 */
record ScanLines(long[] outerSizes, long[] inputOuter, long[] outputOuter, long length, long inputFirst,
        long inputStep, long outputFirst, long outputStep) {

    long count() {
        long count = 1;
        for (long size : outerSizes) {
            count = Math.multiplyExact(count, size);
        }
        return count;
    }
}

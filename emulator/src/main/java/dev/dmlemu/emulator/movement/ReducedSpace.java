package dev.dmlemu.emulator.movement;

/**
 * The two walks of a reduction: over the output's elements (every dimension, a reduced one of size 1, with the input's
 * and the output's byte strides) and, for each, row-major over the reduced dimensions in the order listed (their
 * sizes and the input's byte strides; one element when no axis is reduced): for ARGMIN and ARGMAX the input's
 * dimension order, where an element's position in the walk is the index they write; for REDUCE MAX and MIN the
 * largest stride first ({@link ValueWalkOrder}).
 */
record ReducedSpace(long[] outputSizes, long[] inputKept, long[] outputStrides, long[] reducedSizes,
        long[] inputReduced) {

    long outputCount() {
        return product(outputSizes);
    }

    long reducedCount() {
        return product(reducedSizes);
    }

    private static long product(long[] sizes) {
        long count = 1;
        for (long size : sizes) {
            count = Math.multiplyExact(count, size);
        }
        return count;
    }
}

package dev.dmlemu.emulator.movement;

import java.util.Arrays;

/**
 * An element region copied from one tensor into another: per dimension its size and the element strides of source
 * and destination along it (a source stride may be negative or 0: a reversed or broadcast window), from a first
 * element in each. SLICE's window, each JOIN input's place in the output, each SPLIT output's part of the input,
 * PADDING's interior and TILE's tiles are all one such region.
 *
 * @param sizes elements per dimension, outermost first (each at least 1)
 * @param sourceBase the source element the region's first element is read from
 * @param sourceStrides per dimension, the source element stride
 * @param targetBase the destination element the region's first element is written to
 * @param targetStrides per dimension, the destination element stride
 */
public record CopyRegion(long[] sizes, long sourceBase, long[] sourceStrides, long targetBase, long[] targetStrides) {

    public CopyRegion {
        if (sourceStrides.length != sizes.length || targetStrides.length != sizes.length) {
            throw new IllegalArgumentException("a region needs one size and two strides per dimension");
        }
        sizes = sizes.clone();
        sourceStrides = sourceStrides.clone();
        targetStrides = targetStrides.clone();
    }

    /** How many elements the region holds (sizes are validated tensor sizes: the product fits in 32 bits). */
    public long elements() {
        return Arrays.stream(sizes).reduce(1, Math::multiplyExact);
    }
}

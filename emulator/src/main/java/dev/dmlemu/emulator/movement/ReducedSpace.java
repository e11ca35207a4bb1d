package dev.dmlemu.emulator.movement;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The two walks of a reduction: over the output's elements (every dimension, a reduced one of size 1, with the input's
 * and the output's byte strides) and, for each, row-major over the reduced dimensions in the order listed (their
 * sizes and the input's byte strides; one element when no axis is reduced): for ARGMIN and ARGMAX the input's
 * dimension order, where an element's position in the walk is the index they write; for REDUCE MAX and MIN the
 * largest stride first ({@link ValueWalkOrder}), or the parts DirectML splits them into ({@link SplitValueWalk});
 * {@code treeTies}: where DirectML reduces as a tree, the walk is largest stride first and equal elements are settled
 * by their position's {@link TreeValueWalk#rank}, not by which comes last.
 */
record ReducedSpace(long[] outputSizes, long[] inputKept, long[] outputStrides, long[] reducedSizes,
        long[] inputReduced, boolean treeTies) {

    ReducedSpace(long[] outputSizes, long[] inputKept, long[] outputStrides, long[] reducedSizes,
            long[] inputReduced) {
        this(outputSizes, inputKept, outputStrides, reducedSizes, inputReduced, false);
    }

    /**
     * The space of a REDUCE MAX or MIN (or a max pooling DirectML runs as one) over an input of {@code inSizes} and
     * element {@code inStrides} whose dimensions {@code reduced} gather onto an output of {@code outSizes} and element
     * {@code outStrides}: DirectML's tree ({@link TreeValueWalk}: largest stride first, ties by rank), else, onto an output packed over its dimensions of
     * more than one element, its split parts ({@link SplitValueWalk}), else the largest input stride first
     * ({@link ValueWalkOrder}). {@code inputKept} and {@code outputStrides} are byte strides, as in the record.
     */
    static ReducedSpace forValues(long[] inSizes, long[] inStrides, boolean[] reduced, long[] outSizes,
            long[] outStrides, int elementSize, long[] inputKept, long[] outputStrides) {
        boolean packedOutput = Shapes.packedAlongEveryDimension(outSizes, outStrides);
        List<Integer> dims = new ArrayList<>();
        for (int d = 0; d < inSizes.length; d++) {
            if (reduced[d]) {
                dims.add(d);
            }
        }
        List<Integer> walk = ValueWalkOrder.largestStrideFirst(dims, inStrides);
        if (TreeValueWalk.reducesAsTree(inSizes, inStrides, reduced, outStrides, packedOutput)) {
            ReducedSpace space = walking(walk, inSizes, inStrides, elementSize, outSizes, inputKept, outputStrides);
            return new ReducedSpace(space.outputSizes(), space.inputKept(), space.outputStrides(),
                    space.reducedSizes(), space.inputReduced(), true);
        }
        Optional<SplitValueWalk> split = packedOutput ? SplitValueWalk.of(inSizes, inStrides, reduced)
                : Optional.empty();
        if (split.isPresent()) {
            return splitting(split.get(), elementSize, outSizes, inputKept, outputStrides);
        }
        return walking(walk, inSizes, inStrides, elementSize, outSizes, inputKept, outputStrides);
    }

    /**
     * The space whose reduced walk is {@code walk}, input dimensions in walk order (one element when empty), with the
     * input's {@code inSizes} and element strides {@code inStrides} of {@code elementSize} bytes.
     */
    static ReducedSpace walking(List<Integer> walk, long[] inSizes, long[] inStrides, int elementSize,
            long[] outputSizes, long[] inputKept, long[] outputStrides) {
        long[] reducedSizes = {1};
        long[] inputReduced = {0};
        if (!walk.isEmpty()) {
            reducedSizes = new long[walk.size()];
            inputReduced = new long[walk.size()];
            for (int r = 0; r < walk.size(); r++) {
                reducedSizes[r] = inSizes[walk.get(r)];
                inputReduced[r] = Math.multiplyExact(inStrides[walk.get(r)], (long) elementSize);
            }
        }
        return new ReducedSpace(outputSizes, inputKept, outputStrides, reducedSizes, inputReduced);
    }

    /**
     * The space whose reduced walk is {@code split}: the chunk outermost (when there are several), then the position
     * in a part, then the inner block of two apart (when there is one), the part inner, over an input of
     * {@code elementSize}-byte elements.
     */
    static ReducedSpace splitting(SplitValueWalk split, int elementSize, long[] outputSizes, long[] inputKept,
            long[] outputStrides) {
        long stride = Math.multiplyExact(split.stride(), (long) elementSize);
        long partStride = Math.multiplyExact(stride, split.partLength());
        List<long[]> walk = new ArrayList<>();
        if (split.chunks() > 1) {
            walk.add(new long[] {split.chunks(), Math.multiplyExact(split.chunkStride(), (long) elementSize)});
        }
        walk.add(new long[] {split.partLength(), stride});
        if (split.betweenLength() > 1) {
            walk.add(new long[] {split.betweenLength(),
                    Math.multiplyExact(split.betweenStride(), (long) elementSize)});
        }
        walk.add(new long[] {split.parts(), partStride});
        long[] sizes = new long[walk.size()];
        long[] strides = new long[walk.size()];
        for (int i = 0; i < walk.size(); i++) {
            sizes[i] = walk.get(i)[0];
            strides[i] = walk.get(i)[1];
        }
        return new ReducedSpace(outputSizes, inputKept, outputStrides, sizes, strides);
    }

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

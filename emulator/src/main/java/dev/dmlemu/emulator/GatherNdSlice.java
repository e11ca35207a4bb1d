package dev.dmlemu.emulator;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The trailing slice one GATHER_ND index tuple selects, copied from the input to the output: merged dimensions
 * (see {@link GatherNdPlan#merge}) walked row by row with a {@link CoordinateCursor}, each row one bulk copy when
 * input and output are contiguous along it, else element by element. Bytes are copied, never converted. Offsets are
 * in elements; a cursor from {@link #rowCursor} carries input (0) and output (1).
 */
final class GatherNdSlice {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    private final long[] rowSizes;
    private final long[] rowInputStrides;
    private final long[] rowOutputStrides;
    private final int rowLength;
    private final long inputStep;
    private final long outputStep;
    private final int elementSize;
    /** Whether a row is contiguous in input and output, so that it moves in one bulk copy. */
    private final boolean contiguousRows;

    /**
     * @param sizes merged slice sizes, at least one
     * @param inputStrides the input's, in elements
     * @param outputStrides the output's, in elements
     */
    GatherNdSlice(long[] sizes, long[] inputStrides, long[] outputStrides, int elementSize) {
        int last = sizes.length - 1;
        this.rowSizes = Arrays.copyOf(sizes, last);
        this.rowInputStrides = Arrays.copyOf(inputStrides, last);
        this.rowOutputStrides = Arrays.copyOf(outputStrides, last);
        // A slice lies inside the output, whose element count is at most 2^32 - 1, and inside a bound buffer when it
        // is copied; a row longer than an int cannot be bound.
        this.rowLength = (int) Math.min(sizes[last], Integer.MAX_VALUE);
        this.inputStep = inputStrides[last];
        this.outputStep = outputStrides[last];
        this.elementSize = elementSize;
        // A row of one element is contiguous whatever its strides: a tuple as long as the input's rank selects one.
        this.contiguousRows = rowLength == 1 || inputStep == 1 && outputStep == 1;
    }

    /** Whether the slice is one run, contiguous in input and output, so that {@link #copyRun} can copy a part of it. */
    boolean oneRun() {
        return contiguousRows && rowSizes.length == 0;
    }

    /** The bytes of a {@link #oneRun} slice. */
    int runBytes() {
        return rowLength * elementSize;
    }

    /** Copies elements {@code [from, to)} of a {@link #oneRun} slice whose input and output start at element 0. */
    void copyRun(ByteBuffer in, ByteBuffer out, long from, long to) {
        long end = Math.min(to, rowLength);
        if (from < end) {
            BulkCopy.copy(in, (int) (from * elementSize), out, (int) (from * elementSize),
                    (int) ((end - from) * elementSize));
        }
    }

    CoordinateCursor rowCursor() {
        return new CoordinateCursor(rowSizes, rowInputStrides, rowOutputStrides);
    }

    /**
     * Copies the slice whose first input element is {@code inputBase} to the output from element {@code outputBase}.
     * Every element read lies inside the input tensor (in-range indices, or clamped ones).
     */
    void copy(ByteBuffer in, ByteBuffer out, long inputBase, long outputBase, CoordinateCursor rows) {
        int es = elementSize;
        if (contiguousRows && rowSizes.length == 0) {
            // One contiguous row (an embedding-style lookup): one bulk copy, no cursor.
            BulkCopy.copy(in, (int) (inputBase * es), out, (int) (outputBase * es), rowLength * es);
            return;
        }
        rows.seek(0, inputBase, outputBase, 0);
        do {
            // Narrowed to int only on bound buffers, where every in-range offset fits.
            int inAt = (int) (rows.offset(0) * es);
            int outAt = (int) (rows.offset(1) * es);
            if (contiguousRows) {
                BulkCopy.copy(in, inAt, out, outAt, rowLength * es);
            } else {
                int inStep = (int) (inputStep * es);
                int outStep = (int) (outputStep * es);
                for (int j = 0; j < rowLength; j++) {
                    ElementCopy.copy(elementSize, in, inAt, out, outAt);
                    inAt += inStep;
                    outAt += outStep;
                }
            }
        } while (rows.next());
    }

    /**
     * Copies the slice as DirectML reads it when an index is out of range or a batch lies past the input
     * (docs/directml-behaviour.md §11.5): each element's offset is {@code base} plus its slice offset, modulo 2^32,
     * clamped to {@code lastElement}; an element not wholly inside TotalTensorSizeInBytes ({@code lastPartial})
     * reads as zero.
     *
     * @param base the input offset of the slice's first element, correct modulo 2^32 (it may have wrapped)
     */
    void walk(ByteBuffer in, ByteBuffer out, long base, long outputBase, CoordinateCursor rows, long lastElement,
            boolean lastPartial) {
        rows.seek(0, base, outputBase, 0);
        int es = elementSize;
        do {
            long element = rows.offset(0);
            int outAt = (int) (rows.offset(1) * es);
            int outStep = (int) (outputStep * es);
            for (int j = 0; j < rowLength; j++) {
                long offset = element & LOW_32_BITS;
                if (offset > lastElement) {
                    offset = lastElement;
                }
                if (offset == lastElement && lastPartial) {
                    zeroElement(out, outAt);
                } else {
                    ElementCopy.copy(elementSize, in, (int) (offset * es), out, outAt);
                }
                element += inputStep;
                outAt += outStep;
            }
        } while (rows.next());
    }

    private void zeroElement(ByteBuffer out, int outAt) {
        for (int k = 0; k < elementSize; k++) {
            out.put(outAt + k, (byte) 0);
        }
    }
}

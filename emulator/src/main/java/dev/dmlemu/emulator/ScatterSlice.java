package dev.dmlemu.emulator;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The slice one scatter update writes, from the updates to the output: merged dimensions (see
 * {@link GatherNdPlan#merge}) walked row by row with a {@link CoordinateCursor} carrying the output (0) and updates (1)
 * offsets, in elements. SCATTER_ELEMENTS writes one-element slices, SCATTER_ND the trailing dimensions the index tuple
 * leaves. Bytes are copied, never converted. Each written output element can be recorded in a {@link WrittenElements},
 * which is how duplicate targets are found.
 */
final class ScatterSlice {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    private final long[] rowSizes;
    private final long[] rowOutputStrides;
    private final long[] rowUpdatesStrides;
    private final int rowLength;
    private final long outputStep;
    private final long updatesStep;
    private final int elementSize;
    /** SCATTER_ELEMENTS, and SCATTER_ND with full tuples: each update is one element, written without a cursor. */
    private final boolean singleElement;

    /**
     * @param sizes merged slice sizes, at least one
     * @param outputStrides the output's, in elements
     * @param updatesStrides the updates', in elements
     */
    ScatterSlice(long[] sizes, long[] outputStrides, long[] updatesStrides, int elementSize) {
        int last = sizes.length - 1;
        this.rowSizes = Arrays.copyOf(sizes, last);
        this.rowOutputStrides = Arrays.copyOf(outputStrides, last);
        this.rowUpdatesStrides = Arrays.copyOf(updatesStrides, last);
        // A slice lies inside the updates, which a bound buffer holds: a row longer than an int cannot be bound.
        this.rowLength = (int) Math.min(sizes[last], Integer.MAX_VALUE);
        this.outputStep = outputStrides[last];
        this.updatesStep = updatesStrides[last];
        this.elementSize = elementSize;
        this.singleElement = last == 0 && sizes[0] == 1;
    }

    /** Whether each update is one element (SCATTER_ELEMENTS, and SCATTER_ND whose tuples name whole elements). */
    boolean singleElement() {
        return singleElement;
    }

    CoordinateCursor rowCursor() {
        return new CoordinateCursor(rowSizes, rowOutputStrides, rowUpdatesStrides);
    }

    /**
     * Writes the slice whose first update element is {@code updatesBase} to the output from element
     * {@code outputBase}. Every element written lies inside the output (in-range or clamped indices).
     */
    void write(ByteBuffer updates, ByteBuffer out, long outputBase, long updatesBase, CoordinateCursor rows,
            WrittenElements written) {
        int es = elementSize;
        if (singleElement) {
            written.mark(outputBase);
            ElementCopy.copy(elementSize, updates, (int) (updatesBase * es), out, (int) (outputBase * es));
            return;
        }
        rows.seek(0, outputBase, updatesBase, 0);
        do {
            long target = rows.offset(0);
            long source = rows.offset(1);
            for (int j = 0; j < rowLength; j++) {
                written.mark(target);
                ElementCopy.copy(elementSize, updates, (int) (source * es), out, (int) (target * es));
                target += outputStep;
                source += updatesStep;
            }
        } while (rows.next());
    }

    /**
     * Writes the slice as DirectML does when an index is out of range (docs/directml-behaviour.md §12.4): each
     * element's output offset is {@code base} plus its slice offset, modulo 2^32, and a write past the last element
     * wholly inside the output's TotalTensorSizeInBytes is dropped.
     *
     * @param base the output offset of the slice's first element, correct modulo 2^32 (it may have wrapped)
     * @param lastWholeElement the last output element that lies wholly inside TotalTensorSizeInBytes
     */
    void walk(ByteBuffer updates, ByteBuffer out, long base, long updatesBase, CoordinateCursor rows,
            long lastWholeElement, WrittenElements written) {
        int es = elementSize;
        if (singleElement) {
            long target = base & LOW_32_BITS;
            if (target <= lastWholeElement) {
                written.mark(target);
                ElementCopy.copy(elementSize, updates, (int) (updatesBase * es), out, (int) (target * es));
            }
            return;
        }
        rows.seek(0, base, updatesBase, 0);
        do {
            long element = rows.offset(0);
            long source = rows.offset(1);
            for (int j = 0; j < rowLength; j++) {
                long target = element & LOW_32_BITS;
                if (target <= lastWholeElement) {
                    written.mark(target);
                    ElementCopy.copy(elementSize, updates, (int) (source * es), out, (int) (target * es));
                }
                element += outputStep;
                source += updatesStep;
            }
        } while (rows.next());
    }
}

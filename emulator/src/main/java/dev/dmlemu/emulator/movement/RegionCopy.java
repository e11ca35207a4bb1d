package dev.dmlemu.emulator.movement;

import dev.dmlemu.emulator.BulkCopy;
import dev.dmlemu.emulator.CoordinateCursor;
import dev.dmlemu.emulator.ElementCopy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link CopyRegion} planned once for one element size: size-1 dimensions dropped, neighbours that are contiguous
 * in both tensors merged, strides in bytes. The innermost dimension is a row: one bulk copy when it is contiguous in
 * both tensors, else an element loop; the rows are walked by one {@link CoordinateCursor}. Bytes are moved, never
 * converted. Callers have checked that every element lies inside both bound views.
 */
public final class RegionCopy {

    private final int elementSize;
    private final long[] outerSizes;
    private final long[] sourceOuter;
    private final long[] targetOuter;
    private final long rowLength;
    private final long sourceStep;
    private final long targetStep;
    private final long sourceBase;
    private final long targetBase;
    private final long rows;
    /** Whether a row is one run of bytes in both tensors, copied in bulk. */
    private final boolean contiguous;

    public RegionCopy(CopyRegion region, int elementSize) {
        this.elementSize = elementSize;
        List<long[]> dims = new ArrayList<>();
        for (int d = 0; d < region.sizes().length; d++) {
            long size = region.sizes()[d];
            if (size == 1) {
                continue;
            }
            dims.add(new long[] {size, region.sourceStrides()[d], region.targetStrides()[d]});
        }
        mergeBackwards(dims);
        long[] row = dims.isEmpty() ? new long[] {1, 1, 1} : dims.remove(dims.size() - 1);
        this.rowLength = row[0];
        this.sourceStep = row[1] * elementSize;
        this.targetStep = row[2] * elementSize;
        int outer = dims.size();
        this.outerSizes = new long[outer];
        this.sourceOuter = new long[outer];
        this.targetOuter = new long[outer];
        long count = 1;
        for (int d = 0; d < outer; d++) {
            outerSizes[d] = dims.get(d)[0];
            sourceOuter[d] = dims.get(d)[1] * elementSize;
            targetOuter[d] = dims.get(d)[2] * elementSize;
            count *= outerSizes[d];
        }
        this.rows = count;
        this.sourceBase = region.sourceBase() * elementSize;
        this.targetBase = region.targetBase() * elementSize;
        this.contiguous = sourceStep == elementSize && targetStep == elementSize;
    }

    /** Merges each dimension into its inner neighbour where, in both tensors, it steps over exactly the inner one. */
    private static void mergeBackwards(List<long[]> dims) {
        for (int d = dims.size() - 2; d >= 0; d--) {
            long[] outer = dims.get(d);
            long[] inner = dims.get(d + 1);
            if (stepsOver(outer[1], inner[1], inner[0]) && stepsOver(outer[2], inner[2], inner[0])) {
                dims.set(d + 1, new long[] {outer[0] * inner[0], inner[1], inner[2]});
                dims.remove(d);
            }
        }
    }

    private static boolean stepsOver(long outerStride, long innerStride, long innerSize) {
        try {
            return outerStride == Math.multiplyExact(innerStride, innerSize);
        } catch (ArithmeticException e) {
            return false;
        }
    }

    /** How many rows the copy walks: the unit a split over threads cuts. */
    public long rows() {
        return rows;
    }

    /** Elements per row. */
    public long rowLength() {
        return rowLength;
    }

    /** Bytes a row spans in the target (the source's may differ: a constant is read with stride 0). */
    public long rowBytes() {
        return rowLength * elementSize;
    }

    /** The byte offset of row {@code row}'s first element in the source. */
    public long sourceOffset(long row) {
        return rowStart(row).offset(0);
    }

    /** The byte offset of row {@code row}'s first element in the target. */
    public long targetOffset(long row) {
        return rowStart(row).offset(1);
    }

    private CoordinateCursor rowStart(long row) {
        CoordinateCursor cursor = new CoordinateCursor(outerSizes, sourceOuter, targetOuter);
        cursor.seek(row, sourceBase, targetBase, 0);
        return cursor;
    }

    /** Copies rows {@code [begin, end)} from {@code source} to {@code target}. */
    public void copy(ByteBuffer source, ByteBuffer target, long begin, long end) {
        if (begin < end) {
            rowsFrom(source, target, begin).copyUntil(end);
        }
    }

    /** A walk over the rows from {@code first} on, copied a range at a time with no seek between the ranges. */
    RowWalk rowsFrom(ByteBuffer source, ByteBuffer target, long first) {
        return new RowWalk(source, target, first);
    }

    /** The rows of this copy from some row on, each call going on where the last one stopped. */
    final class RowWalk {

        private final ByteBuffer source;
        private final ByteBuffer target;
        private final CoordinateCursor cursor;
        private long next;

        private RowWalk(ByteBuffer source, ByteBuffer target, long first) {
            this.source = source;
            this.target = target;
            this.cursor = rowStart(first);
            this.next = first;
        }

        /** Copies the rows from where the walk stands up to {@code end} (exclusive). */
        void copyUntil(long end) {
            int runBytes = (int) rowBytes();
            for (; next < end; next++) {
                long from = cursor.offset(0);
                long to = cursor.offset(1);
                if (contiguous) {
                    BulkCopy.copy(source, (int) from, target, (int) to, runBytes);
                } else {
                    for (long i = 0; i < rowLength; i++) {
                        ElementCopy.copy(elementSize, source, (int) from, target, (int) to);
                        from += sourceStep;
                        to += targetStep;
                    }
                }
                cursor.next();
            }
        }
    }
}

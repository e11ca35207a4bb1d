package dev.dmlemu.emulator.movement;

import static dev.dmlemu.desc.DispatchWork.saturatingAdd;
import static dev.dmlemu.desc.DispatchWork.saturatingMultiply;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The pieces of a {@link CopyExecution} cut into bands of the tensor they all share (JOIN's output, SPLIT's input),
 * so that tensor is walked once, in order, from its start to its end instead of once per piece. A
 * JOIN of two halves along its last dimension then writes each output row whole before the next, within about 5 % of
 * the time of one contiguous copy of its bytes, where piece by piece it took 1.25 times that, and with two rows of each
 * piece per band 1.15 times (16M FLOAT32 elements; docs/performance.md, "On a faster host").
 *
 * <p>A band is as wide as the shortest step between two rows of a piece (one output row of that JOIN), so the rows
 * come in the shared tensor's order. A piece's rows are placed in bands by their offset there, taken as even steps
 * from its first row to its last: exact for a piece with one outer dimension, close for more. The estimate decides
 * only the order; the band limits of each piece rise from row 0 to its last row, so every row is copied exactly once.
 */
final class InterleavedBands {

    /** The narrowest band: below a page, the bands' own bookkeeping starts to count. */
    static final double MIN_BAND_BYTES = 4096;
    /** Bands per piece row at most, so a band's bookkeeping stays small beside its copies. */
    private static final double BANDS_PER_ROW = 4;
    /**
     * Rows per byte for a piece of one row: a band starting past its row's offset (by far more than 1e-30 bytes:
     * offsets are below 2^33) gives at least 1 before clamping, one starting at or before it 0 or less.
     */
    private static final double ONE_ROW = 1e30;

    private final List<CopyPiece> pieces;
    private final long[] rows;
    private final double[] firstKey;
    /** Per piece, rows per byte of the shared tensor between its first row and its last (huge for one row). */
    private final double[] rowsPerByte;
    private final double low;
    private final double width;
    private final long bands;
    private final long elements;

    private InterleavedBands(List<CopyPiece> pieces, long[] rows, double[] firstKey, double[] rowsPerByte, double low,
            double width, long bands, long elements) {
        this.pieces = pieces;
        this.rows = rows;
        this.firstKey = firstKey;
        this.rowsPerByte = rowsPerByte;
        this.low = low;
        this.width = width;
        this.bands = bands;
        this.elements = elements;
    }

    /**
     * The bands for {@code listed}, or empty where banding gains nothing or cannot be planned: one piece, pieces of
     * one row each (a JOIN along its outermost dimension), one band, no tensor every piece shares, or a piece whose
     * rows do not rise through the shared tensor.
     */
    static Optional<InterleavedBands> plan(List<CopyPiece> listed) {
        if (listed.size() < 2) {
            return Optional.empty();
        }
        boolean byTarget = listed.stream().allMatch(p -> p.targetField() == listed.get(0).targetField());
        boolean bySource = listed.get(0).sourceField() != CopyPiece.CONSTANT
                && listed.stream().allMatch(p -> p.sourceField() == listed.get(0).sourceField());
        if (!byTarget && !bySource) {
            return Optional.empty();
        }
        // Each piece's first and last row in the shared tensor, found once; a band runs the pieces in the order
        // their first rows lie there.
        List<PieceSpan> spans = listed.stream().map(p -> PieceSpan.of(p, byTarget))
                .sorted(Comparator.comparingLong(PieceSpan::first)).toList();
        int count = spans.size();
        List<CopyPiece> pieces = spans.stream().map(PieceSpan::piece).toList();
        long[] rows = new long[count];
        double[] firstKey = new double[count];
        double[] lastKey = new double[count];
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        double step = Double.POSITIVE_INFINITY;
        long totalRows = 0;
        long elements = 0;
        for (int p = 0; p < count; p++) {
            PieceSpan span = spans.get(p);
            RegionCopy copy = span.piece().copy();
            rows[p] = copy.rows();
            if (rows[p] > 1) {
                if (span.last() <= span.first()) {
                    return Optional.empty();
                }
                step = Math.min(step, ((double) span.last() - span.first()) / (rows[p] - 1));
            }
            firstKey[p] = span.first();
            lastKey[p] = span.last();
            low = Math.min(low, span.first());
            high = Math.max(high, (double) span.last() + copy.rowBytes());
            totalRows = saturatingAdd(totalRows, rows[p]);
            elements = saturatingAdd(elements, saturatingMultiply(rows[p], copy.rowLength()));
        }
        if (step == Double.POSITIVE_INFINITY) {
            return Optional.empty();
        }
        double width = Math.max(Math.max(step, MIN_BAND_BYTES), (high - low) * count / (BANDS_PER_ROW * totalRows));
        // One band more than the bytes need, empty: its start lies a whole band past every piece's last row, so the
        // bands' end gives each piece all its rows whatever the rounding.
        long bands = (long) Math.min(Math.ceil((high - low) / width) + 1, Integer.MAX_VALUE);
        if (bands < 3) {
            return Optional.empty();
        }
        double[] rowsPerByte = new double[count];
        for (int p = 0; p < count; p++) {
            rowsPerByte[p] = rows[p] == 1 ? ONE_ROW : (rows[p] - 1) / (lastKey[p] - firstKey[p]);
        }
        return Optional.of(new InterleavedBands(pieces, rows, firstKey, rowsPerByte, low, width, bands, elements));
    }

    /** The pieces in the order a band runs them. */
    List<CopyPiece> pieces() {
        return pieces;
    }

    long bands() {
        return bands;
    }

    /** Elements the pieces copy in all: what decides whether the work is worth splitting over the pool. */
    long elements() {
        return elements;
    }

    /**
     * The first row of the {@code piece}th of {@link #pieces()} in band {@code band}; {@code band == bands()} gives
     * the piece's rows.
     */
    long rowStart(int piece, long band) {
        // No branch: one taken only at a chunk's or the bands' ends would be left out of the compiled code and undo
        // it when first met (measured: a recompilation inside the command line's first timed dispatches).
        double row = Math.ceil((low + width * band - firstKey[piece]) * rowsPerByte[piece]);
        return (long) Math.max(0, Math.min(rows[piece], row));
    }

    /** A piece with the offsets of its first and last row in the shared tensor. */
    private record PieceSpan(CopyPiece piece, long first, long last) {

        static PieceSpan of(CopyPiece piece, boolean byTarget) {
            RegionCopy copy = piece.copy();
            long lastRow = copy.rows() - 1;
            return byTarget ? new PieceSpan(piece, copy.targetOffset(0), copy.targetOffset(lastRow))
                    : new PieceSpan(piece, copy.sourceOffset(0), copy.sourceOffset(lastRow));
        }
    }
}

package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The bands of {@link InterleavedBands}: every row of every piece in exactly one band, and the bands of a JOIN along
 * its last dimension holding the same output rows of both inputs. The bytes the banded kernels write are checked
 * against the naive references by {@code MovementPropertiesTest}'s large cases.
 */
class InterleavedBandsTest {

    @Test
    void aJoinOfTwoHalvesWritesTheOutputRowByRow() {
        List<CopyPiece> pieces = joinPieces(new long[] {4096, 4096}, 1, new long[] {2048, 2048});
        InterleavedBands bands = InterleavedBands.plan(pieces).orElseThrow();
        // 64 MiB of FLOAT32 output in bands of one 16 KiB output row, each band that row's half from each input,
        // and one band more, empty.
        assertEquals(4097, bands.bands());
        assertEquals(List.of(pieces.get(0), pieces.get(1)), bands.pieces());
        for (long band = 0; band <= bands.bands(); band++) {
            assertEquals(Math.min(band, 4096), bands.rowStart(0, band), "input 0, band " + band);
            assertEquals(Math.min(band, 4096), bands.rowStart(1, band), "input 1, band " + band);
        }
    }

    @Test
    void aBandRunsThePiecesInTheOrderTheyLieInTheOutput() {
        List<CopyPiece> pieces = joinPieces(new long[] {64, 300}, 1, new long[] {100, 120, 80});
        List<CopyPiece> reversed = List.of(pieces.get(2), pieces.get(1), pieces.get(0));
        assertEquals(pieces, InterleavedBands.plan(reversed).orElseThrow().pieces());
    }

    @Test
    void everyRowOfEveryPieceFallsInExactlyOneBand() {
        Random random = new Random(4242);
        int planned = 0;
        for (int n = 0; n < 400; n++) {
            int rank = 1 + random.nextInt(4);
            long[] sizes = new long[rank];
            for (int d = 0; d < rank; d++) {
                sizes[d] = 1 + random.nextInt(rank == 1 ? 200_000 : rank == 2 ? 600 : 40);
            }
            int axis = random.nextInt(rank);
            int parts = 2 + random.nextInt(4);
            if (sizes[axis] < parts) {
                sizes[axis] = parts;
            }
            long[] along = new long[parts];
            long left = sizes[axis];
            for (int p = 0; p < parts - 1; p++) {
                along[p] = 1 + random.nextInt((int) (left - (parts - 1 - p)));
                left -= along[p];
            }
            along[parts - 1] = left;
            List<CopyPiece> pieces = joinPieces(sizes, axis, along);
            var plan = InterleavedBands.plan(pieces);
            if (plan.isEmpty()) {
                continue;
            }
            planned++;
            InterleavedBands bands = plan.get();
            for (int p = 0; p < pieces.size(); p++) {
                long rows = bands.pieces().get(p).copy().rows();
                assertEquals(0, bands.rowStart(p, 0));
                assertEquals(rows, bands.rowStart(p, bands.bands()));
                long previous = 0;
                for (long band = 1; band <= bands.bands(); band++) {
                    long start = bands.rowStart(p, band);
                    assertTrue(start >= previous, "case " + n + ", piece " + p + ", band " + band);
                    previous = start;
                }
            }
        }
        assertTrue(planned > 100, "only " + planned + " of the cases were banded");
    }

    @Test
    void onePieceOrOneRowPerPieceIsNotBanded() {
        assertTrue(InterleavedBands.plan(joinPieces(new long[] {4096, 4096}, 1, new long[] {4096})).isEmpty());
        // Joined along the outermost dimension, each packed input is one contiguous run of the output.
        assertTrue(InterleavedBands.plan(joinPieces(new long[] {4096, 4096}, 0, new long[] {1000, 3096})).isEmpty());
    }

    /** The pieces JoinKernel plans for packed FLOAT32 inputs of {@code along} elements each along {@code axis}. */
    private static List<CopyPiece> joinPieces(long[] wholeSizes, int axis, long[] along) {
        long[] wholeStrides = packed(wholeSizes);
        List<CopyPiece> pieces = new ArrayList<>();
        long at = 0;
        for (int p = 0; p < along.length; p++) {
            long[] sizes = wholeSizes.clone();
            sizes[axis] = along[p];
            CopyRegion region = new CopyRegion(sizes, 0, packed(sizes), at * wholeStrides[axis], wholeStrides);
            pieces.add(new CopyPiece(p, along.length, new RegionCopy(region, Float.BYTES)));
            at += along[p];
        }
        return pieces;
    }

    private static long[] packed(long[] sizes) {
        return Shapes.strides(BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes));
    }
}

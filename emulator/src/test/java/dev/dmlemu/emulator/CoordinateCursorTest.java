package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The one odometer: every row's offsets equal the coordinates times the strides, computed here from scratch. */
class CoordinateCursorTest {

    @Test
    void stepsThroughEveryRowWithTheOffsetsOfItsCoordinates() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            int rank = random.nextInt(0, 5);
            long[] sizes = new long[rank];
            long[] a = new long[rank];
            long[] b = new long[rank];
            long rows = 1;
            for (int d = 0; d < rank; d++) {
                sizes[d] = random.nextInt(1, 5);
                a[d] = random.nextInt(0, 100);
                b[d] = random.nextInt(0, 100) * 4L;
                rows *= sizes[d];
            }
            long start = random.nextLong(rows);
            CoordinateCursor cursor = new CoordinateCursor(sizes, a, b);
            cursor.seek(start, 7, 1000, 0);
            for (long row = start; row < rows; row++) {
                assertEquals(7 + offsetOf(row, sizes, a), cursor.offset(0), "row " + row);
                assertEquals(1000 + offsetOf(row, sizes, b), cursor.offset(1), "row " + row);
                boolean more = cursor.next();
                assertEquals(row + 1 < rows, more, "row " + row);
            }
            // After the last row the cursor is back at the first, offsets included (a tile walks its rows again).
            assertEquals(7, cursor.offset(0));
            assertEquals(1000, cursor.offset(1));
        }
    }

    @Test
    void aSpaceWithoutDimensionsIsOneRow() {
        CoordinateCursor cursor = new CoordinateCursor(new long[0], new long[0]);
        cursor.seek(0, 12, 0, 0);
        assertEquals(12, cursor.offset(0));
        assertFalse(cursor.next());
        assertEquals(12, cursor.offset(0));
    }

    @Test
    void seekingAgainForgetsWhereTheCursorWas() {
        long[] sizes = {3, 4};
        long[] strides = {40, 4};
        CoordinateCursor cursor = new CoordinateCursor(sizes, strides);
        cursor.seek(5);
        assertTrue(cursor.next());
        assertEquals(40 + 8, cursor.offset(0)); // row 6 = (1, 2)
        cursor.seek(2);
        assertEquals(8, cursor.offset(0));
        cursor.seek(11);
        assertEquals(80 + 12, cursor.offset(0));
        assertFalse(cursor.next());
    }

    private static long offsetOf(long row, long[] sizes, long[] strides) {
        long offset = 0;
        for (int d = sizes.length - 1; d >= 0; d--) {
            offset += row % sizes[d] * strides[d];
            row /= sizes[d];
        }
        return offset;
    }
}

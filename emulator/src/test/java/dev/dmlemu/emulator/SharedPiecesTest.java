package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedPiecesTest {

    /** The sizes of the pieces, in the order they are taken. */
    private static List<Long> sizes(long units, int workers) {
        SharedPieces pieces = new SharedPieces(units, workers);
        List<Long> sizes = new ArrayList<>();
        long expected = 0;
        for (long begin = pieces.take(); begin >= 0; begin = pieces.take()) {
            assertEquals(expected, begin, "pieces are contiguous and in order");
            long end = pieces.end(begin);
            assertTrue(end > begin && end <= units, "piece [" + begin + ", " + end + ") of " + units);
            sizes.add(end - begin);
            expected = end;
        }
        assertEquals(units, expected, "every unit in some piece");
        return sizes;
    }

    @Test
    void piecesAreAtMostAShareOfTheWorkAndTaperToAnEighthOfIt() {
        // ND_ROWS at two threads: 16,384 tuples, pieces of 512 while a quarter or more is left, then down to 64.
        List<Long> sizes = sizes(16_384, 2);
        assertEquals(512L, sizes.get(0));
        assertEquals(25, sizes.stream().filter(s -> s == 512).count(), "over three quarters in the largest pieces");
        int last = sizes.size() - 1;
        assertEquals(64L, sizes.get(last - 1));
        assertTrue(sizes.get(last) <= 64, "the last piece is what is left: " + sizes);
        for (int i = 1; i < sizes.size(); i++) {
            assertTrue(sizes.get(i) <= sizes.get(i - 1), "sizes never grow: " + sizes);
            assertTrue(i == last || sizes.get(i) >= 64, "no piece but the last below the smallest: " + sizes);
        }
    }

    @Test
    void fewUnitsGoOneByOne() {
        assertEquals(List.of(1L, 1L, 1L, 1L, 1L, 1L, 1L), sizes(7, 4));
        assertEquals(List.of(1L), sizes(1, 2));
    }

    @Test
    void theLastPieceTakesWhatIsLeft() {
        // 1,000 units over 3 workers: pieces of 21, tapering to 2; the last may be shorter than the smallest.
        List<Long> sizes = sizes(1_000, 3);
        assertEquals(21L, sizes.get(0));
        assertTrue(sizes.stream().allMatch(s -> s <= 21));
        assertTrue(sizes.get(sizes.size() - 1) <= 2);
    }

    @Test
    void hugeCountsDoNotOverflow() {
        SharedPieces pieces = new SharedPieces(Long.MAX_VALUE, 2);
        long begin = pieces.take();
        assertEquals(0, begin);
        assertEquals(Long.MAX_VALUE / 32 + 1, pieces.end(begin));
    }
}

package dev.dmlemu.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class SlicesFloorTest {

    /** Slices 2, 0 and 3 of a 16-byte source, 4 bytes each: what a gather of those rows writes. */
    private static final byte[] SOURCE = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    private static final int[] OFFSETS = {8, 0, 12};
    private static final byte[] GATHERED = {8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15};

    @Test
    void aFloorThatWritesTheEmulatorsBytesIsTimedOnTheEmulatorsOutputArray() {
        ByteBuffer emulatorOutput = ByteBuffer.wrap(GATHERED.clone());

        try (SliceCopyFloor floor = SlicesFloor.checkedThenOnOutput("rows",
                target -> new SliceCopyFloor(SOURCE, OFFSETS, 4, target, 1), emulatorOutput, GATHERED.length)) {
            assertSame(emulatorOutput.array(), floor.target());
        }
    }

    @Test
    void aFloorThatWritesOtherBytesIsRefusedBeforeItTouchesTheEmulatorsOutput() {
        byte[] wrong = GATHERED.clone();
        wrong[5] = 99;
        ByteBuffer emulatorOutput = ByteBuffer.wrap(wrong);

        IllegalStateException refusal = assertThrows(IllegalStateException.class, () -> SlicesFloor.checkedThenOnOutput(
                "rows", target -> new SliceCopyFloor(SOURCE, OFFSETS, 4, target, 1), emulatorOutput, wrong.length));

        assertTrue(refusal.getMessage().contains("rows differ at element 1"), refusal.getMessage());
        byte[] untouched = GATHERED.clone();
        untouched[5] = 99;
        assertArrayEquals(untouched, emulatorOutput.array());
    }

    @Test
    void theScatterFloorCopiesTheInputThenWritesTheUpdateSlicesInUpdateOrder() throws Exception {
        byte[] input = {1, 1, 2, 2, 3, 3};
        byte[] updates = {7, 7, 8, 8, 9, 9};
        // Update slices 0 and 2 both land on target slice 1: the later one wins.
        try (SliceScatterFloor floor = new SliceScatterFloor(input, updates, new long[] {1, 0, 1}, 2, new byte[6], 1)) {
            floor.run();
            assertArrayEquals(new byte[] {8, 8, 9, 9, 3, 3}, floor.target());
        }
    }
}

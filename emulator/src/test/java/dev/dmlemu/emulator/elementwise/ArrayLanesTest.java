package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * The in-place lane on the heap arrays ({@link ArrayLanes}), checked by {@link InPlaceLaneChecks}. Asked for
 * explicitly, so these run on every JDK; on the platforms the build runs on (little-endian x86-64 and AArch64 with
 * {@code jdk.unsupported}) the lane's absence is a failure.
 */
class ArrayLanesTest extends InPlaceLaneChecks {

    @Override
    PackedRows.Reads reads() {
        return PackedRows.Reads.ARRAYS;
    }

    @Override
    void requireLane() {
        assertTrue(ArrayLanes.available(), "sun.misc.Unsafe on " + System.getProperty("os.arch") + ", "
                + ByteOrder.nativeOrder());
    }

    @Override
    boolean hasTheLane(ElementWiseExecution execution) {
        return execution.usesArrayLane();
    }

    /** A piece that would end past its array is refused before any access, whatever the engine computed. */
    @Test
    void aPieceOutsideItsArrayIsRefused() {
        requireLane();
        byte[] a = new byte[64];
        byte[] out = new byte[64];
        InPlaceLane.ExactElement none = i -> {
            throw new AssertionError("no element to redo");
        };
        byte[][] arrays = {a, out};
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayLanes.TRUNCATE.run(arrays, new int[] {4, 0}, 16,
                none));
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayLanes.TRUNCATE.run(arrays, new int[] {0, -4}, 1,
                none));
        byte[][] three = {a, a.clone(), new byte[60]};
        assertThrows(IndexOutOfBoundsException.class, () -> ArrayLanes.ADD_FLOATS.run(three, new int[] {0, 0, 0}, 16,
                none));
        ArrayLanes.TRUNCATE.run(arrays, new int[] {0, 0}, 16, none);
        assertEquals(0, out[63]);
    }

    /**
     * Pieces at different positions in their arrays, or at a position that is no multiple of 4, are not the lane's:
     * the engine stages them, and the lane refuses them if asked anyway.
     */
    @Test
    void onlyPiecesAtOneAlignedPositionAreTaken() {
        requireLane();
        assertTrue(ArrayLanes.ADD_FLOATS.takes(new int[] {8, 8, 8}));
        assertFalse(ArrayLanes.ADD_FLOATS.takes(new int[] {8, 8, 12}));
        assertFalse(ArrayLanes.ADD_FLOATS.takes(new int[] {4, 8, 8}));
        assertFalse(ArrayLanes.TRUNCATE.takes(new int[] {6, 6}));
        byte[][] arrays = {new byte[64], new byte[64]};
        InPlaceLane.ExactElement none = i -> 0;
        assertThrows(IllegalArgumentException.class, () -> ArrayLanes.TRUNCATE.run(arrays, new int[] {0, 4}, 4, none));
        assertThrows(IllegalArgumentException.class, () -> ArrayLanes.TRUNCATE.run(arrays, new int[] {2, 2}, 4, none));
    }

    /**
     * The search two elements per long finds an element at the limit in either half of a pair and in an odd count's
     * last element, and nothing below it: every position of pieces of 1 to 9 elements.
     */
    @Test
    void theSearchFindsAnElementInEitherHalfAndTheTail() {
        requireLane();
        int limit = 0x7F80_0001;
        for (int count = 1; count <= 9; count++) {
            for (int at = 0; at < count; at++) {
                for (int sought : new int[] {limit, 0xFFC0_0000, 0x7FFF_FFFF}) {
                    ByteBuffer piece = ByteBuffer.allocate(4 + 4 * count).order(ByteOrder.LITTLE_ENDIAN);
                    for (int i = 0; i < count; i++) {
                        piece.putInt(4 + 4 * i, i == at ? sought : 0xFF80_0000); // others: -infinity
                    }
                    assertTrue(ArrayLanes.anyAtOrAbove(piece.array(), 1, count, limit),
                            count + " elements, " + Integer.toHexString(sought) + " at " + at);
                    assertFalse(ArrayLanes.anyAtOrAbove(piece.array(), 1, at, limit),
                            "the first " + at + " of " + count);
                }
            }
        }
    }

    /**
     * A call of several pieces is searched chunk by chunk: an element the exact body must redo in a later chunk only
     * gets the exact body's bits (a marker here), at its index within the call, and every other element the lane's.
     */
    @Test
    void elementsToRedoInALaterChunkOnlyAreFound() {
        requireLane();
        int count = 3000;
        int marker = 0x7FC0_1234;
        ByteBuffer a = ByteBuffer.allocate(4 * count).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = ByteBuffer.allocate(4 * count).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            a.putFloat(4 * i, i);
            b.putFloat(4 * i, 0.5f);
        }
        a.putFloat(4 * 2500, Float.POSITIVE_INFINITY);
        b.putFloat(4 * 2500, Float.NEGATIVE_INFINITY); // infinity - infinity: the only NaN result
        byte[] sum = new byte[4 * count];
        ArrayLanes.ADD_FLOATS.run(new byte[][] {a.array(), b.array(), sum}, new int[3], count,
                i -> i == 2500 ? marker : 0);
        ByteBuffer sums = ByteBuffer.wrap(sum).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            assertEquals(i == 2500 ? marker : Float.floatToRawIntBits(i + 0.5f), sums.getInt(4 * i), "element " + i);
        }
        a.putFloat(4 * 2500, 2500f);
        a.putFloat(4 * 2100, 0x1p31f); // the one input outside INT32
        byte[] truncated = new byte[4 * count];
        ArrayLanes.TRUNCATE.run(new byte[][] {a.array(), truncated}, new int[2], count, i -> i == 2100 ? marker : 0);
        ByteBuffer ints = ByteBuffer.wrap(truncated).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            assertEquals(i == 2100 ? marker : i, ints.getInt(4 * i), "element " + i);
        }
    }
}

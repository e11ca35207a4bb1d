package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link FloatBits}' branch-free searches against the plain tests, at the edges of what they look for. */
class FloatBitsTest {

    private static final int[] EDGES = {0, 0x8000_0000, 1, 0x3F80_0000, 0x4EFF_FFFF, 0xCEFF_FFFF, 0x4F00_0000,
        0xCF00_0000, 0x4F00_0001, 0x7F7F_FFFF, 0x7F80_0000, 0xFF80_0000, 0x7F80_0001, 0xFF80_0001, 0x7FC0_0000,
        0x7FFF_FFFF, 0xFFFF_FFFF, 0x0000_0001, 0x8000_0001};

    @Test
    void findsExactlyTheNaNs() {
        for (int bits : EDGES) {
            float f = Float.intBitsToFloat(bits);
            assertEquals(f != f, FloatBits.isNaN(bits), Integer.toHexString(bits));
            assertEquals(f != f, FloatBits.anyNaN(piece(bits, 37, 36), 37), Integer.toHexString(bits));
            assertEquals(false, FloatBits.anyNaN(piece(bits, 37, 36), 36), "past the count: " + bits);
        }
    }

    @Test
    void findsExactlyWhatTruncatesOutsideInt32() {
        for (int bits : EDGES) {
            float f = Float.intBitsToFloat(bits);
            boolean outside = !(Math.abs(f) < 0x1p31f);
            assertEquals(outside, FloatBits.isOutsideInt32(bits), Integer.toHexString(bits));
            assertEquals(outside, FloatBits.anyOutsideInt32(piece(bits, 1030, 1029), 1030), Integer.toHexString(bits));
            assertEquals(false, FloatBits.anyOutsideInt32(piece(bits, 1030, 1029), 1029), "past the count: " + bits);
        }
    }

    /** {@code length} ones (1.0f) with {@code bits} at {@code at}. */
    private static int[] piece(int bits, int length, int at) {
        int[] piece = new int[length];
        Arrays.fill(piece, 0x3F80_0000);
        piece[at] = bits;
        return piece;
    }
}

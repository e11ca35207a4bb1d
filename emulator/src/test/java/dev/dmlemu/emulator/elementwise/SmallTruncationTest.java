package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link SmallTruncation} against Java's {@code (int)}, and the pieces it takes. */
class SmallTruncationTest {

    /** Ties, halves, the unit's edges, denormals, signed zeros, the largest magnitudes it takes. */
    private static final float[] EDGES = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, 0.25f, 0.5f,
        -0.5f, Math.nextDown(0.5f), Math.nextUp(0.5f), 1f, -1f, 1.5f, -1.5f, 2.5f, -2.5f, Math.nextDown(1f),
        Math.nextUp(1f), 3.5f, 0x1p22f - 0.5f, 0x1p22f + 0.5f, 0x1p23f - 0.5f, -(0x1p23f - 0.5f), 0x1p23f - 1,
        -(0x1p23f - 1), 12345.678f, -98765.43f};

    @Test
    void truncatesAsJavaDoesBelowTwoTo23() {
        Random random = new Random(23);
        int width = 1024;
        SmallTruncation truncation = new SmallTruncation(width);
        for (int piece = 0; piece < 2000; piece++) {
            int count = piece == 0 ? EDGES.length : 1 + random.nextInt(width);
            float[] input = new float[count];
            int[] bits = new int[count];
            int[] expected = new int[count];
            for (int i = 0; i < count; i++) {
                // Any bits of magnitude below 2^23 (0x4B000000), either sign; or a value with a few fraction bits.
                float x = piece == 0 ? EDGES[i]
                        : random.nextBoolean() ? belowTwoTo23(random)
                        : (random.nextInt(1 << 24) - (1 << 23)) / (float) (1 << random.nextInt(4));
                input[i] = x;
                bits[i] = Float.floatToRawIntBits(x);
                expected[i] = (int) x;
            }
            assertEquals(true, SmallTruncation.takes(bits, count), "piece " + piece);
            int[] output = new int[count];
            truncation.truncate(input, bits, output, count);
            assertArrayEquals(expected, output, "piece " + piece);
        }
    }

    /** Any float whose magnitude's bits are below those of 2^23, with either sign. */
    private static float belowTwoTo23(Random random) {
        return Float.intBitsToFloat(random.nextInt(0x4B00_0000) | random.nextInt() << 31);
    }

    @Test
    void takesNothingOfTwoTo23OrMoreNorInfinitiesNorNaN() {
        for (int bits : new int[] {0x4B00_0000, 0xCB00_0000, 0x4F00_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000,
            0xFFFF_FFFF}) {
            int[] piece = {0x3F80_0000, bits, 0x3F80_0000};
            assertEquals(false, SmallTruncation.takes(piece, 3), Integer.toHexString(bits));
            assertEquals(true, SmallTruncation.takes(piece, 1), "past the count: " + Integer.toHexString(bits));
        }
        assertEquals(true, SmallTruncation.takes(new int[] {0x4AFF_FFFF, 0xCAFF_FFFF}, 2));
    }
}

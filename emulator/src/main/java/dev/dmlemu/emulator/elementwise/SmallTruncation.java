package dev.dmlemu.emulator.elementwise;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;

/**
 * CAST FLOAT32 → INT32 by truncation on a staged piece whose every element is below 2^23 in magnitude, in float and
 * int arithmetic that C2 17 vectorizes. C2 17 compiles Java's {@code (int)} of a float to one scalar conversion per
 * element: its auto-vectorizer learned conversions after 17 (JDK-8275317, and JDK-8277793 for x86). The results are
 * Java's truncation bit for bit, which is the exact body's inside the INT32 range; all 2^32 inputs were compared
 * (docs/performance.md, "The staged path on JDK 17, again").
 *
 * <p>For y = |x| &lt; 2^23: v = y + 2^23 rounds y to the nearest integer r (the float's unit there is 1), so
 * v - 2^23 = r and t = r - y are exact; c = ((t + 0.5) + 2^23) - 2^23 is 1 when r &gt; y (t &gt; 0) and 0 otherwise
 * (t ≤ 0 leaves at most 0.5, which rounds to the even 2^23); so w = v - c = 2^23 + floor(y), exactly, and its bits
 * less those of 2^23 are floor(y) as an int. The sign of x goes on last, from its bits. The floats become bits through
 * a bulk copy into a byte buffer and out of it as ints, since C2 17 vectorizes no {@code floatToRawIntBits} either.
 */
final class SmallTruncation {

    /**
     * Whether {@link PackedRows} truncates staged pieces this way: on JDK 17, where it was measured faster. JDK 25's C2
     * vectorizes the plain {@code (int)} loop, which was faster there; 18 to 24 keep the plain loop, not measured.
     */
    static final boolean BY_DEFAULT = Runtime.version().feature() <= 17;

    private static final float TWO_TO_23 = 0x1p23f;
    private static final int TWO_TO_23_BITS = 0x4B00_0000;

    private final float[] floors;
    private final int[] floorBits;
    private final FloatBuffer asFloats;
    private final IntBuffer asInts;

    /** Scratch for pieces of up to {@code width} elements. */
    SmallTruncation(int width) {
        floors = new float[width];
        floorBits = new int[width];
        ByteBuffer bytes = ByteBuffer.allocate(Math.multiplyExact(width, 4)).order(ByteOrder.nativeOrder());
        asFloats = bytes.asFloatBuffer();
        asInts = bytes.asIntBuffer();
    }

    /** Whether the piece is one this class takes: no element of magnitude 2^23 or more, no infinity, no NaN. */
    static boolean takes(int[] bits, int count) {
        return !FloatBits.anyAtOrAbove(bits, count, TWO_TO_23_BITS);
    }

    /**
     * Writes Java's {@code (int)} of {@code input[i]} to {@code output[i]} for the first {@code count} elements, whose
     * raw bits are {@code bits}; only for a piece {@link #takes(int[], int)} accepts.
     */
    void truncate(float[] input, int[] bits, int[] output, int count) {
        float[] w = floors;
        for (int i = 0; i < count; i++) {
            float y = Math.abs(input[i]);
            float v = y + TWO_TO_23;
            float t = (v - TWO_TO_23) - y;
            float c = ((t + 0.5f) + TWO_TO_23) - TWO_TO_23;
            w[i] = v - c;
        }
        asFloats.put(0, w, 0, count);
        int[] floorsAsBits = floorBits;
        asInts.get(0, floorsAsBits, 0, count);
        for (int i = 0; i < count; i++) {
            int sign = bits[i] >> 31;
            output[i] = ((floorsAsBits[i] - TWO_TO_23_BITS) ^ sign) - sign;
        }
    }
}

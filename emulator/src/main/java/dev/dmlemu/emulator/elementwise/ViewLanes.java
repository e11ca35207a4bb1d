package dev.dmlemu.emulator.elementwise;

import java.nio.ByteBuffer;

/**
 * The packed lanes as {@link ViewLane}s: plain loops of absolute gets and puts on the heap buffers, then one pass that
 * finds the elements the exact body must redo. C2 from JDK 21 on vectorizes both loops (JDK-8300258, "C2:
 * vectorization fails on simple ByteBuffer loop", fixed in 21); C2 17 vectorizes the arithmetic but not the
 * search's {@code Math.max} reduction over {@code getInt}, so there the staged path is faster
 * (docs/performance.md, "On a newer JVM").
 */
final class ViewLanes {

    /**
     * Whether {@link PackedRows} takes these lanes without being told to: on JDK 21 and later. Measured on 17 (slower
     * than staged) and 25 (faster); 21 to 24 are chosen by the C2 fix above, not measured.
     */
    static final boolean BY_DEFAULT = Runtime.version().feature() >= 21;

    /** Absolute FLOAT32 bits at or above this are NaN. */
    private static final int ABOVE_INFINITY = 0x7F80_0001;
    /** Absolute FLOAT32 bits at or above this (2^31, infinities, NaN) truncate outside INT32. */
    private static final int TWO_TO_31 = 0x4F00_0000;

    private ViewLanes() {}

    /** The lane for {@code lane}, or null for the lanes not covered (the byte copy, scale-bias). */
    static ViewLane of(PackedLane lane) {
        if (lane instanceof PackedLane.FloatArithmetic op) {
            return switch (op) {
                case ADD -> ViewLanes::addFloats;
                case SUBTRACT -> ViewLanes::subtractFloats;
                case MULTIPLY -> ViewLanes::multiplyFloats;
            };
        }
        if (lane instanceof PackedLane.IntArithmetic op) {
            return switch (op) {
                case ADD -> ViewLanes::addInts;
                case SUBTRACT -> ViewLanes::subtractInts;
                case MULTIPLY -> ViewLanes::multiplyInts;
            };
        }
        if (lane == PackedLane.Truncation.TO_INT32) {
            return ViewLanes::truncate;
        }
        return null;
    }

    // Each operation is its own loop, one base offset per buffer, so C2 sees a simple counted loop.

    private static void addFloats(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact) {
        ByteBuffer a = views[0];
        ByteBuffer b = views[1];
        ByteBuffer out = views[2];
        int x = at[0];
        int y = at[1];
        int z = at[2];
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            out.putFloat(z + k, a.getFloat(x + k) + b.getFloat(y + k));
        }
        redoFrom(out, z, count, ABOVE_INFINITY, out, z, exact);
    }

    private static void subtractFloats(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact) {
        ByteBuffer a = views[0];
        ByteBuffer b = views[1];
        ByteBuffer out = views[2];
        int x = at[0];
        int y = at[1];
        int z = at[2];
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            out.putFloat(z + k, a.getFloat(x + k) - b.getFloat(y + k));
        }
        redoFrom(out, z, count, ABOVE_INFINITY, out, z, exact);
    }

    private static void multiplyFloats(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact) {
        ByteBuffer a = views[0];
        ByteBuffer b = views[1];
        ByteBuffer out = views[2];
        int x = at[0];
        int y = at[1];
        int z = at[2];
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            out.putFloat(z + k, a.getFloat(x + k) * b.getFloat(y + k));
        }
        redoFrom(out, z, count, ABOVE_INFINITY, out, z, exact);
    }

    private static void addInts(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact) {
        ByteBuffer a = views[0];
        ByteBuffer b = views[1];
        ByteBuffer out = views[2];
        int x = at[0];
        int y = at[1];
        int z = at[2];
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            out.putInt(z + k, a.getInt(x + k) + b.getInt(y + k));
        }
    }

    private static void subtractInts(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact) {
        ByteBuffer a = views[0];
        ByteBuffer b = views[1];
        ByteBuffer out = views[2];
        int x = at[0];
        int y = at[1];
        int z = at[2];
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            out.putInt(z + k, a.getInt(x + k) - b.getInt(y + k));
        }
    }

    private static void multiplyInts(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact) {
        ByteBuffer a = views[0];
        ByteBuffer b = views[1];
        ByteBuffer out = views[2];
        int x = at[0];
        int y = at[1];
        int z = at[2];
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            out.putInt(z + k, a.getInt(x + k) * b.getInt(y + k));
        }
    }

    /** Java's truncation, then the exact body for every input that is NaN or outside (-2^31, 2^31). */
    private static void truncate(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact) {
        ByteBuffer in = views[0];
        ByteBuffer out = views[1];
        int x = at[0];
        int z = at[1];
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            out.putInt(z + k, (int) in.getFloat(x + k));
        }
        redoFrom(in, x, count, TWO_TO_31, out, z, exact);
    }

    /**
     * Replaces output element {@code i} by the exact body's bits wherever {@code tested}'s element {@code i} has
     * absolute bits (sign cleared) of {@code limit} or more. A branch-free maximum over the piece first, which C2 21+
     * vectorizes; the element search only when it found one.
     */
    private static void redoFrom(ByteBuffer tested, int from, int count, int limit, ByteBuffer out, int z,
            InPlaceLane.ExactElement exact) {
        int largest = 0;
        for (int i = 0; i < count; i++) {
            int k = i * 4;
            largest = Math.max(largest, tested.getInt(from + k) & 0x7FFF_FFFF);
        }
        if (largest < limit) {
            return;
        }
        for (int i = 0; i < count; i++) {
            if ((tested.getInt(from + i * 4) & 0x7FFF_FFFF) >= limit) {
                out.putInt(z + i * 4, exact.bits(i));
            }
        }
    }
}

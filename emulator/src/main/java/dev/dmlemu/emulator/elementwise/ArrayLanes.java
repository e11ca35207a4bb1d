package dev.dmlemu.emulator.elementwise;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * The packed lanes on the tensors' heap arrays in place, read and written as 4-byte elements by
 * {@code sun.misc.Unsafe} (the {@code jdk.unsupported} module, present in every JDK image unless left out by jlink).
 * It is the one way JDK 17 has to read floats out of a {@code byte[]} in a loop C2 17 vectorizes: the buffers' and
 * the byte-array VarHandles' {@code getFloat} go through an int and {@code intBitsToFloat}, which C2 17 does not
 * vectorize, so without this lane every piece is staged through primitive arrays (docs/performance.md, "Arrays in
 * place on JDK 17").
 *
 * <p>A lane takes a piece only where every tensor's piece starts at the same byte of its array ({@link #takes}), and
 * checks each piece's byte range against every array before the first access, so no position the engine computes
 * can reach memory outside the tensors' arrays. Unsafe's accesses are in the platform's byte order: the lane exists
 * only on a little-endian platform that reads unaligned words (x86-64 and AArch64). It is reached through method
 * handles rather than by name, so the class compiles without the internal-API warning and a JDK image without the
 * module simply has no lane.
 *
 * <p>Each lane writes a piece's output before it looks for the elements the exact body must redo (NaN results), and
 * the exact body reads the inputs again: the output must share no byte with an input
 * ({@link InPlaceLane#writesBeforeRedoing()}).
 */
enum ArrayLanes implements InPlaceLane {

    ADD_FLOATS {
        @Override
        public void run(byte[][] arrays, int[] at, int count, ExactElement exact) {
            runFloatsInChunks(this, arrays, at, count, exact);
        }

        @Override
        void floats(byte[] a, byte[] b, byte[] out, int first, int count) {
            for (int i = first; i < first + count; i++) {
                long k = address(i);
                putFloat(out, k, getFloat(a, k) + getFloat(b, k));
            }
        }
    },
    SUBTRACT_FLOATS {
        @Override
        public void run(byte[][] arrays, int[] at, int count, ExactElement exact) {
            runFloatsInChunks(this, arrays, at, count, exact);
        }

        @Override
        void floats(byte[] a, byte[] b, byte[] out, int first, int count) {
            for (int i = first; i < first + count; i++) {
                long k = address(i);
                putFloat(out, k, getFloat(a, k) - getFloat(b, k));
            }
        }
    },
    MULTIPLY_FLOATS {
        @Override
        public void run(byte[][] arrays, int[] at, int count, ExactElement exact) {
            runFloatsInChunks(this, arrays, at, count, exact);
        }

        @Override
        void floats(byte[] a, byte[] b, byte[] out, int first, int count) {
            for (int i = first; i < first + count; i++) {
                long k = address(i);
                putFloat(out, k, getFloat(a, k) * getFloat(b, k));
            }
        }
    },
    ADD_INTS {
        @Override
        public void run(byte[][] arrays, int[] at, int count, ExactElement exact) {
            int first = firstElement(arrays, at, count);
            byte[] a = arrays[0];
            byte[] b = arrays[1];
            byte[] out = arrays[2];
            for (int i = first; i < first + count; i++) {
                long k = address(i);
                putInt(out, k, getInt(a, k) + getInt(b, k));
            }
        }
    },
    SUBTRACT_INTS {
        @Override
        public void run(byte[][] arrays, int[] at, int count, ExactElement exact) {
            int first = firstElement(arrays, at, count);
            byte[] a = arrays[0];
            byte[] b = arrays[1];
            byte[] out = arrays[2];
            for (int i = first; i < first + count; i++) {
                long k = address(i);
                putInt(out, k, getInt(a, k) - getInt(b, k));
            }
        }
    },
    MULTIPLY_INTS {
        @Override
        public void run(byte[][] arrays, int[] at, int count, ExactElement exact) {
            int first = firstElement(arrays, at, count);
            byte[] a = arrays[0];
            byte[] b = arrays[1];
            byte[] out = arrays[2];
            for (int i = first; i < first + count; i++) {
                long k = address(i);
                putInt(out, k, getInt(a, k) * getInt(b, k));
            }
        }
    },
    /**
     * FLOAT32 to INT32 toward zero, a chunk at a time. Each chunk is first truncated in float arithmetic, as
     * {@link SmallTruncation} does staged: the floor 2^23 + floor(|x|) is written as a float, read back as bits, less
     * those of 2^23, with x's sign (read from the input after the floors were written: the output must not be the
     * input). That is exact below 2^23 in magnitude; a chunk with any element at or above it (or NaN), found by a
     * search of the input while it is still in the first-level cache, is written again with Java's {@code (int)}, and
     * the exact body for each element that is NaN or outside (-2^31, 2^31). The vectorized floors read the chunk from
     * memory rather than the scalar search: 0.85 of the time with the search first, per 16M elements
     * (docs/performance.md, "CAST searched last").
     */
    TRUNCATE {
        @Override
        public void run(byte[][] arrays, int[] at, int count, ExactElement exact) {
            int first = firstElement(arrays, at, count);
            byte[] in = arrays[0];
            byte[] out = arrays[1];
            for (int done = 0; done < count; done += CHUNK) {
                int n = Math.min(CHUNK, count - done);
                floorsAbove2To23(in, out, first + done, n);
                floorsToSignedInts(in, out, first + done, n);
                if (anyAtOrAbove(in, first + done, n, TWO_TO_23_BITS)) {
                    truncateOrRedo(in, out, first + done, n, exact, done);
                }
            }
        }
    };

    /**
     * Whether {@link PackedRows} takes these lanes without being told to: before JDK 21, where the view lane is not
     * chosen (measured on 17; 18 to 20 not measured); {@link #of} still returns none where Unsafe was not found.
     */
    static final boolean BY_DEFAULT = Runtime.version().feature() < 21;

    /**
     * Elements a loop runs before its search: a call of several pieces is computed and searched a chunk at a time,
     * while the chunk is in the first-level cache (searching 8,192 elements after computing them took ADD from 15.7
     * to 16.7 ms and CAST from 14.5 to 16.9 per 16M elements, measured).
     */
    private static final int CHUNK = 1024;
    private static final float TWO_TO_23 = 0x1p23f;
    private static final int TWO_TO_23_BITS = 0x4B00_0000;
    /** Absolute FLOAT32 bits at or above this are NaN. */
    private static final int ABOVE_INFINITY = 0x7F80_0001;

    private static final MethodHandle GET_FLOAT;
    private static final MethodHandle PUT_FLOAT;
    private static final MethodHandle GET_INT;
    private static final MethodHandle PUT_INT;
    private static final MethodHandle GET_LONG;
    private static final long BYTE_ARRAY_BASE;

    static {
        MethodHandle[] handles = supportedPlatform() ? unsafeAccessors() : null;
        GET_FLOAT = handles == null ? null : handles[0];
        PUT_FLOAT = handles == null ? null : handles[1];
        GET_INT = handles == null ? null : handles[2];
        PUT_INT = handles == null ? null : handles[3];
        GET_LONG = handles == null ? null : handles[4];
        BYTE_ARRAY_BASE = handles == null ? 0 : baseOffset(handles[5]);
    }

    /** Whether this JVM has the lanes: Unsafe reachable, little-endian, unaligned words allowed. */
    static boolean available() {
        return GET_FLOAT != null;
    }

    /** The lane for {@code lane}, or null for the lanes not covered (the byte copy, scale-bias) or without Unsafe. */
    static InPlaceLane of(PackedLane lane) {
        if (!available()) {
            return null;
        }
        if (lane instanceof PackedLane.FloatArithmetic op) {
            return switch (op) {
                case ADD -> ADD_FLOATS;
                case SUBTRACT -> SUBTRACT_FLOATS;
                case MULTIPLY -> MULTIPLY_FLOATS;
            };
        }
        if (lane instanceof PackedLane.IntArithmetic op) {
            return switch (op) {
                case ADD -> ADD_INTS;
                case SUBTRACT -> SUBTRACT_INTS;
                case MULTIPLY -> MULTIPLY_INTS;
            };
        }
        return lane == PackedLane.Truncation.TO_INT32 ? TRUNCATE : null;
    }

    @Override
    public boolean writesBeforeRedoing() {
        return true;
    }

    /**
     * Takes a piece only where every tensor's piece starts at the same byte of its array, a multiple of 4: then one
     * element index walks all of them, which is what C2 17 vectorizes. With a different start per array (each an
     * invariant the loop adds to its index) C2 17 left the same loops scalar, slower than staged (measured).
     */
    @Override
    public boolean takes(int[] at) {
        return oneAlignedPosition(at);
    }

    /** Whether every position is the same, and a multiple of 4. */
    private static boolean oneAlignedPosition(int[] at) {
        int position = at[0];
        for (int p : at) {
            if (p != position) {
                return false;
            }
        }
        return (position & 3) == 0;
    }

    /**
     * The element index of the piece's first element in every array, after checking that the piece's {@code count}
     * elements lie inside each: the one guard between an engine's wrong position and the heap.
     */
    static int firstElement(byte[][] arrays, int[] at, int count) {
        int bytes = Math.multiplyExact(count, 4);
        for (int t = 0; t < arrays.length; t++) {
            Objects.checkFromIndexSize(at[t], bytes, arrays[t].length);
        }
        if (!oneAlignedPosition(at)) {
            throw new IllegalArgumentException("pieces at different or unaligned positions " + Arrays.toString(at));
        }
        return at[0] >> 2;
    }

    /** The Unsafe address of element {@code index} (4 bytes each) of a byte array. */
    private static long address(int index) {
        return BYTE_ARRAY_BASE + 4L * index;
    }

    // TRUNCATE's loops, each a method of its own.

    /**
     * Writes 2^23 + floor(|x|) as a float for each x below 2^23 in magnitude (see {@link SmallTruncation}); any other x
     * gives some float, which the caller writes again.
     */
    private static void floorsAbove2To23(byte[] in, byte[] out, int first, int count) {
        for (int i = first; i < first + count; i++) {
            long k = address(i);
            float magnitude = Math.abs(getFloat(in, k));
            float rounded = magnitude + TWO_TO_23;
            float error = (rounded - TWO_TO_23) - magnitude;
            float roundedUp = ((error + 0.5f) + TWO_TO_23) - TWO_TO_23;
            putFloat(out, k, rounded - roundedUp);
        }
    }

    /** Turns each 2^23 + floor(|x|) the output holds into floor(|x|) with x's sign: the truncation of x. */
    private static void floorsToSignedInts(byte[] in, byte[] out, int first, int count) {
        for (int i = first; i < first + count; i++) {
            long k = address(i);
            int sign = getInt(in, k) >> 31;
            putInt(out, k, ((getInt(out, k) - TWO_TO_23_BITS) ^ sign) - sign);
        }
    }

    /**
     * Java's {@code (int)} of each element, or the exact body's bits for a NaN or one outside (-2^31, 2^31); the
     * chunk's first element is element {@code skipped} of the lane's call.
     */
    private static void truncateOrRedo(byte[] in, byte[] out, int first, int count, ExactElement exact, int skipped) {
        for (int i = first; i < first + count; i++) {
            long k = address(i);
            float value = getFloat(in, k);
            putInt(out, k, Math.abs(value) < 0x1p31f ? (int) value : exact.bits(skipped + i - first));
        }
    }

    /**
     * A FLOAT32 operation's call in chunks of {@link #CHUNK} elements: each chunk computed by the constant's
     * {@link #floats} loop, then searched for NaN results while it is still in the first-level cache, each NaN replaced
     * by the exact body's bits. Each loop keeps the one-element-index form wherever C2 puts it (inlined here when a
     * program runs one operation, compiled on its own when it runs several).
     */
    private static void runFloatsInChunks(ArrayLanes lane, byte[][] arrays, int[] at, int count,
            ExactElement exact) {
        int first = firstElement(arrays, at, count);
        byte[] out = arrays[2];
        for (int done = 0; done < count; done += CHUNK) {
            int n = Math.min(CHUNK, count - done);
            lane.floats(arrays[0], arrays[1], out, first + done, n);
            if (anyAtOrAbove(out, first + done, n, ABOVE_INFINITY)) {
                for (int i = first + done; i < first + done + n; i++) {
                    long k = address(i);
                    if ((getInt(out, k) & 0x7FFF_FFFF) >= ABOVE_INFINITY) {
                        putInt(out, k, exact.bits(i - first));
                    }
                }
            }
        }
    }

    /**
     * A FLOAT32 operation's loop over elements {@code [first, first + count)} of its arrays, a range
     * {@link #firstElement} checked; not called otherwise.
     */
    void floats(byte[] a, byte[] b, byte[] out, int first, int count) {
        throw new UnsupportedOperationException(name());
    }

    /**
     * Whether one of {@code count} FLOAT32 elements from element {@code first} (a range {@link #firstElement} checked)
     * has absolute bits of {@code limit} or more, by {@link FloatBits#anyAtOrAbove}'s carry into the sign bit, two
     * elements per long: neither half's sum reaches 2^32, so no carry crosses into the other half. Measured steadier
     * than the same OR over ints, which C2 17 compiled well in some JVMs and not in others.
     */
    static boolean anyAtOrAbove(byte[] array, int first, int count, int limit) {
        long carry = (Integer.MAX_VALUE - (limit - 1)) & 0xFFFF_FFFFL;
        long carries = carry << 32 | carry;
        long signs = 0;
        long start = address(first);
        int pairs = count / 2;
        for (int i = 0; i < pairs; i++) {
            signs |= (getLong(array, start + 8L * i) & 0x7FFF_FFFF_7FFF_FFFFL) + carries;
        }
        if ((count & 1) != 0) {
            signs |= (getInt(array, start + 8L * pairs) & 0x7FFF_FFFFL) + carry;
        }
        return (signs & 0x8000_0000_8000_0000L) != 0;
    }

    private static float getFloat(byte[] array, long address) {
        try {
            return (float) GET_FLOAT.invokeExact((Object) array, address);
        } catch (Throwable e) {
            throw new AssertionError(e); // Unsafe's accessors throw nothing
        }
    }

    private static void putFloat(byte[] array, long address, float value) {
        try {
            PUT_FLOAT.invokeExact((Object) array, address, value);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    private static int getInt(byte[] array, long address) {
        try {
            return (int) GET_INT.invokeExact((Object) array, address);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    private static void putInt(byte[] array, long address, int value) {
        try {
            PUT_INT.invokeExact((Object) array, address, value);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    private static long getLong(byte[] array, long address) {
        try {
            return (long) GET_LONG.invokeExact((Object) array, address);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /** Little-endian, and an architecture whose loads and stores take any byte address. */
    private static boolean supportedPlatform() {
        String arch = System.getProperty("os.arch", "");
        return ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN
                && (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"));
    }

    /** getFloat, putFloat, getInt, putInt, getLong bound to the Unsafe instance, then arrayBaseOffset; or null. */
    private static MethodHandle[] unsafeAccessors() {
        try {
            Class<?> type = Class.forName("sun.misc.Unsafe");
            Field instance = type.getDeclaredField("theUnsafe");
            instance.setAccessible(true);
            Object unsafe = instance.get(null);
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            return new MethodHandle[] {
                bound(lookup, type, unsafe, "getFloat", MethodType.methodType(float.class, Object.class, long.class)),
                bound(lookup, type, unsafe, "putFloat",
                        MethodType.methodType(void.class, Object.class, long.class, float.class)),
                bound(lookup, type, unsafe, "getInt", MethodType.methodType(int.class, Object.class, long.class)),
                bound(lookup, type, unsafe, "putInt",
                        MethodType.methodType(void.class, Object.class, long.class, int.class)),
                bound(lookup, type, unsafe, "getLong", MethodType.methodType(long.class, Object.class, long.class)),
                bound(lookup, type, unsafe, "arrayBaseOffset", MethodType.methodType(int.class, Class.class)),
            };
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // no jdk.unsupported in this image, or it is closed: the staged path runs
        }
    }

    private static MethodHandle bound(MethodHandles.Lookup lookup, Class<?> type, Object unsafe, String name,
            MethodType signature) throws ReflectiveOperationException {
        return lookup.findVirtual(type, name, signature).bindTo(unsafe);
    }

    private static long baseOffset(MethodHandle arrayBaseOffset) {
        try {
            return (int) arrayBaseOffset.invokeExact(byte[].class);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }
}

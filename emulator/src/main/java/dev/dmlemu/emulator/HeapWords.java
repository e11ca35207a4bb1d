package dev.dmlemu.emulator;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Copies of single 4- or 8-byte elements between heap arrays at resolved byte offsets, each one read and one write of
 * a word instead of an array copy: GATHER_ND's packed batches of one-element slices ({@link GatherNdExecution}). The
 * bits move unchanged, so the byte order of the views does not matter as long as both are the same; the views check
 * every offset against the array. Longs go through {@link HeapLongs}, the index kernels' view.
 */
final class HeapWords {

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private HeapWords() {}

    /** The 4 bytes at {@code from[i]} of {@code in} to {@code to[i]} of {@code out}, for {@code i < n}. */
    static void copyInts(byte[] in, byte[] out, int[] from, int[] to, int n) {
        for (int i = 0; i < n; i++) {
            INT.set(out, to[i], (int) INT.get(in, from[i]));
        }
    }

    /** The 8 bytes at {@code from[i]} of {@code in} to {@code to[i]} of {@code out}, for {@code i < n}. */
    static void copyLongs(byte[] in, byte[] out, int[] from, int[] to, int n) {
        for (int i = 0; i < n; i++) {
            HeapLongs.put(out, to[i], HeapLongs.at(in, from[i]));
        }
    }
}

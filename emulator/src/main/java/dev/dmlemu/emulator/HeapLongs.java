package dev.dmlemu.emulator;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * 64-bit little-endian indices read straight from a heap buffer's array, without the view's checks and byte-order
 * test: the index kernels' hot loops read them this way where the buffer has an array (docs/performance.md, "Second
 * round: JIT timing, index reads and the hand-off"). {@link HeapWords} moves 8-byte elements with them too.
 */
final class HeapLongs {

    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private HeapLongs() {}

    /** The long at byte {@code at} of {@code array}. */
    static long at(byte[] array, int at) {
        return (long) LONG_LE.get(array, at);
    }

    /** Writes {@code value} at byte {@code at} of {@code array}. */
    static void put(byte[] array, int at, long value) {
        LONG_LE.set(array, at, value);
    }
}

package dev.dmlemu.emulator;

import java.nio.ByteBuffer;

/**
 * A run of bytes copied between two views: {@code System.arraycopy} on the backing arrays where both have one (heap
 * buffers, as the command line binds them), else the buffer's own bulk put. The array copy skips the view's checks and
 * its scoped memory access, which cost as much as the copy itself for the short runs of a gather of rows. Callers
 * pass ranges that lie inside both views (bound buffers and in-range offsets).
 */
public final class BulkCopy {

    private BulkCopy() {}

    public static void copy(ByteBuffer from, int fromAt, ByteBuffer to, int toAt, int bytes) {
        if (from.hasArray() && to.hasArray()) {
            System.arraycopy(from.array(), from.arrayOffset() + fromAt, to.array(), to.arrayOffset() + toAt, bytes);
        } else {
            to.put(toAt, from, fromAt, bytes);
        }
    }
}

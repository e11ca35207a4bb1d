package dev.dmlemu.emulator;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Finds how far an index value repeats along contiguous indices: the one question a scatter of whole rows asks per
 * row instead of per update. The index bytes are compared with themselves shifted by one index, with the JDK's
 * vectorized mismatch, so a row of repeated indices costs a few wide compares rather than a load and a branch each.
 */
final class IndexRuns {


    private IndexRuns() {}

    /**
     * How many of the {@code max} indices after element {@code index} equal it, counting up to the first that does
     * not.
     *
     * @param indexSize bytes per index (4 or 8); the indices are contiguous
     */
    static int repeats(ByteBuffer indices, long index, int max, int indexSize) {
        int at = (int) (index * indexSize);
        // A cheap look at the next index first: random indices rarely repeat, and then no wide compare is started.
        boolean next = indexSize == Long.BYTES ? indices.getLong(at) == indices.getLong(at + Long.BYTES)
                : indices.getInt(at) == indices.getInt(at + Integer.BYTES);
        if (!next) {
            return 0;
        }
        int bytes = max * indexSize;
        long mismatch;
        if (indices.hasArray()) {
            byte[] array = indices.array();
            int from = indices.arrayOffset() + at;
            mismatch = Arrays.mismatch(array, from + indexSize, from + indexSize + bytes, array, from, from + bytes);
        } else {
            mismatch = indices.slice(at + indexSize, bytes).mismatch(indices.slice(at, bytes));
        }
        return mismatch < 0 ? max : (int) (mismatch / indexSize);
    }

    /**
     * {@link #repeats} of the 64-bit index {@code value} at byte {@code from} of a heap buffer's array, for a caller
     * that has read it: the array's own checks instead of the view's.
     */
    static int longRepeats(byte[] array, int from, long value, int max) {
        if (HeapLongs.at(array, from + Long.BYTES) != value) {
            return 0;
        }
        int bytes = max * Long.BYTES;
        int mismatch = Arrays.mismatch(array, from + Long.BYTES, from + Long.BYTES + bytes, array, from, from + bytes);
        return mismatch < 0 ? max : mismatch / Long.BYTES;
    }
}

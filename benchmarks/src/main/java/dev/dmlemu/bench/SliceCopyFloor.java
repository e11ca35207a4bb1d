package dev.dmlemu.bench;

/**
 * A floor for a gather of whole slices: the same slices copied from the same source array to a target array, each with
 * one {@code System.arraycopy} from an offset computed before timing, split into halves on two threads like the
 * emulator's work. It reads no indices and computes no offsets, so a Java gather of those slices cannot beat it.
 */
final class SliceCopyFloor implements AutoCloseable {

    private final byte[] source;
    private final int[] sliceOffsets;
    private final int sliceBytes;
    private final byte[] target;
    private final Halves halves;

    /** @param sliceOffsets the byte offset in {@code source} of each slice, in output order */
    SliceCopyFloor(byte[] source, int[] sliceOffsets, int sliceBytes, int threads) {
        this.source = source;
        this.sliceOffsets = sliceOffsets.clone();
        this.sliceBytes = sliceBytes;
        this.target = new byte[Math.multiplyExact(sliceOffsets.length, sliceBytes)];
        this.halves = new Halves(threads);
    }

    void run() throws Exception {
        halves.run(sliceOffsets.length, this::copy);
    }

    private void copy(int begin, int end) {
        for (int i = begin; i < end; i++) {
            System.arraycopy(source, sliceOffsets[i], target, i * sliceBytes, sliceBytes);
        }
    }

    /** The target's bytes, to check that the floor copied what the gather does. */
    byte[] target() {
        return target;
    }

    @Override
    public void close() {
        halves.close();
    }
}

package dev.dmlemu.bench;

/**
 * A floor for a gather of whole slices: the same slices copied from the same source array to a target array, each with
 * one {@code System.arraycopy} from an offset computed before timing, split into halves on two threads like the
 * emulator's work. It reads no indices and computes no offsets, so a Java gather of those slices cannot beat it. Timed,
 * it writes into the emulator's own output array: on the virtual machines measured, the same copies ran up to a third
 * faster into an array of their own (docs/performance.md, "The floors on the emulator's arrays").
 */
final class SliceCopyFloor implements SlicesFloor {

    private final byte[] source;
    private final int[] sliceOffsets;
    private final int sliceBytes;
    private final byte[] target;
    private final Halves halves;

    /**
     * @param sliceOffsets the byte offset in {@code source} of each slice, in output order
     * @param target where the slices go, one after another from its start
     */
    SliceCopyFloor(byte[] source, int[] sliceOffsets, int sliceBytes, byte[] target, int threads) {
        if (target.length < Math.multiplyExact(sliceOffsets.length, sliceBytes)) {
            throw new IllegalArgumentException("a target of " + target.length + " bytes for " + sliceOffsets.length
                    + " slices of " + sliceBytes);
        }
        this.source = source;
        this.sliceOffsets = sliceOffsets.clone();
        this.sliceBytes = sliceBytes;
        this.target = target;
        this.halves = new Halves(threads);
    }

    @Override
    public void run() throws Exception {
        halves.run(sliceOffsets.length, this::copy);
    }

    private void copy(int begin, int end) {
        for (int i = begin; i < end; i++) {
            System.arraycopy(source, sliceOffsets[i], target, i * sliceBytes, sliceBytes);
        }
    }

    /** The target's bytes, to check that the floor copied what the gather does. */
    @Override
    public byte[] target() {
        return target;
    }

    @Override
    public void close() {
        halves.close();
    }
}

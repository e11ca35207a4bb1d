package dev.dmlemu.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * A floor for a scatter of whole slices: the input copied to a target array, then the same slices written from the
 * updates array to the same places, each with one {@code System.arraycopy} from offsets computed before timing, in
 * update order. On two threads the target is cut into two halves at a slice boundary and each thread copies its half
 * of the input and writes the slices that land in it, as the emulator's regions do. It reads no indices and computes
 * no offsets, so a Java scatter of those slices cannot beat it. Timed, it writes into the emulator's own output array,
 * as {@link SliceCopyFloor} does.
 */
final class SliceScatterFloor implements SlicesFloor {

    private final byte[] input;
    private final byte[] updates;
    private final byte[] target;
    private final int sliceBytes;
    private final int regions;
    /** Per region: its first byte, and the target and update byte offsets of its slices in update order. */
    private final int[] regionStarts;
    private final int[][] targetOffsets;
    private final int[][] updateOffsets;
    private final Halves halves;

    /**
     * @param targetSlices the target slice of each update slice, in update order: slice {@code i} of the updates
     *     (bytes {@code i * sliceBytes} on) goes to slice {@code targetSlices[i]} of the target
     * @param target what the floor writes: at least as long as the input
     */
    SliceScatterFloor(byte[] input, byte[] updates, long[] targetSlices, int sliceBytes, byte[] target, int threads) {
        if (target.length < input.length) {
            throw new IllegalArgumentException("a target of " + target.length + " bytes for an input of "
                    + input.length);
        }
        this.input = input;
        this.updates = updates;
        this.target = target;
        this.sliceBytes = sliceBytes;
        this.regions = threads > 1 ? 2 : 1;
        int slices = input.length / sliceBytes;
        this.regionStarts = new int[regions + 1];
        for (int r = 0; r <= regions; r++) {
            regionStarts[r] = r == regions ? input.length : slices * r / regions * sliceBytes;
        }
        this.targetOffsets = new int[regions][];
        this.updateOffsets = new int[regions][];
        for (int r = 0; r < regions; r++) {
            List<int[]> mine = new ArrayList<>();
            for (int i = 0; i < targetSlices.length; i++) {
                int at = Math.toIntExact(targetSlices[i] * sliceBytes);
                if (at >= regionStarts[r] && at < regionStarts[r + 1]) {
                    mine.add(new int[] {at, Math.multiplyExact(i, sliceBytes)});
                }
            }
            targetOffsets[r] = mine.stream().mapToInt(pair -> pair[0]).toArray();
            updateOffsets[r] = mine.stream().mapToInt(pair -> pair[1]).toArray();
        }
        this.halves = new Halves(threads);
    }

    @Override
    public void run() throws Exception {
        halves.run(regions, (begin, end) -> {
            for (int r = begin; r < end; r++) {
                region(r);
            }
        });
    }

    private void region(int r) {
        System.arraycopy(input, regionStarts[r], target, regionStarts[r], regionStarts[r + 1] - regionStarts[r]);
        int[] targets = targetOffsets[r];
        int[] sources = updateOffsets[r];
        for (int i = 0; i < targets.length; i++) {
            System.arraycopy(updates, sources[i], target, targets[i], sliceBytes);
        }
    }

    /** The target's bytes, to check that the floor wrote what the scatter does. */
    @Override
    public byte[] target() {
        return target;
    }

    @Override
    public void close() {
        halves.close();
    }
}

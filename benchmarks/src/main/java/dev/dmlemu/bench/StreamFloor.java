package dev.dmlemu.bench;

import java.util.Arrays;
import java.util.List;

/**
 * A memory-traffic floor for a copy-shaped operator: its inputs' bytes copied back to back into a target the size of
 * its output ({@code System.arraycopy}; the emulator's own output array where it is large enough, see
 * {@link WorkloadRun#floor}), zeros written where the target reaches past them (PAD), the copy stopping
 * where the target ends (SLICE reads no more than it writes). Split into halves on two threads like the emulator's
 * work. A kernel that moves as many bytes through strides and offsets cannot beat it.
 */
final class StreamFloor implements MemoryFloor {

    private final List<byte[]> sources;
    private final byte[] target;
    private final Halves halves;

    /** @param target the array written, whole */
    StreamFloor(List<byte[]> sources, byte[] target, int threads) {
        this.sources = List.copyOf(sources);
        this.target = target;
        this.halves = new Halves(threads);
    }

    @Override
    public void run() throws Exception {
        halves.run(target.length, this::copy);
    }

    /** Target bytes {@code [begin, end)}: from the source that holds each, else zeros. */
    private void copy(int begin, int end) {
        int sourceStart = 0;
        int at = begin;
        for (byte[] source : sources) {
            int sourceEnd = sourceStart + source.length;
            if (at < sourceEnd && at < end) {
                int n = Math.min(end, sourceEnd) - at;
                System.arraycopy(source, at - sourceStart, target, at, n);
                at += n;
            }
            sourceStart = sourceEnd;
        }
        if (at < end) {
            Arrays.fill(target, at, end, (byte) 0);
        }
    }

    /** The target's bytes, to check what the floor wrote. */
    byte[] target() {
        return target;
    }

    @Override
    public void close() {
        halves.close();
    }
}

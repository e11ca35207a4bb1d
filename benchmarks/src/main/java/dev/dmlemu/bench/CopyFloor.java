package dev.dmlemu.bench;

/**
 * A memory-traffic floor to run beside a kernel: {@code bytes} copied once from one contiguous run of a source array
 * into a target array ({@code System.arraycopy}), split into halves on two threads like the emulator's work. A
 * kernel that reads and writes as many bytes from scattered places cannot beat it. The target is the emulator's own
 * output array, as for {@link SliceCopyFloor}.
 */
final class CopyFloor implements AutoCloseable {

    private final byte[] source;
    private final byte[] target;
    private final Halves halves;

    CopyFloor(byte[] source, byte[] target, int threads) {
        if (target.length > source.length) {
            throw new IllegalArgumentException("the floor copies " + target.length + " bytes from " + source.length);
        }
        this.source = source;
        this.target = target;
        this.halves = new Halves(threads);
    }

    void run() throws Exception {
        halves.run(target.length, (begin, end) -> System.arraycopy(source, begin, target, begin, end - begin));
    }

    @Override
    public void close() {
        halves.close();
    }
}

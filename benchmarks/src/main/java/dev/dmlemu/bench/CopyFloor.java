package dev.dmlemu.bench;

/**
 * A memory-traffic floor to run beside a kernel: {@code bytes} copied once from one contiguous run of a source array
 * into a target array ({@code System.arraycopy}), split into halves on two threads like the emulator's work. A
 * kernel that reads and writes as many bytes from scattered places cannot beat it.
 */
final class CopyFloor implements AutoCloseable {

    private final byte[] source;
    private final byte[] target;
    private final Halves halves;

    CopyFloor(byte[] source, int bytes, int threads) {
        if (bytes > source.length) {
            throw new IllegalArgumentException("the floor copies " + bytes + " bytes from " + source.length);
        }
        this.source = source;
        this.target = new byte[bytes];
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

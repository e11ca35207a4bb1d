package dev.dmlemu.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A memory-traffic floor to run beside a kernel: {@code bytes} copied once from one contiguous run of a source array
 * into a target array ({@code System.arraycopy}), split into halves on two threads like the emulator's work. A
 * kernel that reads and writes as many bytes from scattered places cannot beat it.
 */
final class CopyFloor implements AutoCloseable {

    private final byte[] source;
    private final byte[] target;
    private final ExecutorService pool;

    CopyFloor(byte[] source, int bytes, int threads) {
        if (bytes > source.length) {
            throw new IllegalArgumentException("the floor copies " + bytes + " bytes from " + source.length);
        }
        this.source = source;
        this.target = new byte[bytes];
        this.pool = threads > 1 ? Executors.newFixedThreadPool(1) : null;
    }

    void run() throws Exception {
        int bytes = target.length;
        if (pool == null) {
            System.arraycopy(source, 0, target, 0, bytes);
            return;
        }
        int half = bytes / 2;
        Future<?> other = pool.submit(() -> System.arraycopy(source, half, target, half, bytes - half));
        System.arraycopy(source, 0, target, 0, half);
        other.get();
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdown();
        }
    }
}

package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.ElementAddressing;
import java.util.concurrent.ExecutorService;

/**
 * How far an execution may split its work: over up to {@code threads} workers of the emulator's {@code pool}, when it
 * has at least {@code threshold} output elements. Every kernel takes one from {@link OperatorKernel#prepare}.
 *
 * @param pool the emulator's pool, or null for one thread
 */
public record Parallelism(int threads, ExecutorService pool, long threshold) {

    /** Below this many output elements one thread is faster than handing work to the pool. */
    static final long THRESHOLD = 1 << 15;

    public static final Parallelism ONE_THREAD = new Parallelism(1, null, Long.MAX_VALUE);

    /** The emulator's threads and pool, with the threshold below which one thread is faster. */
    static Parallelism of(EmulatorOptions options, ExecutorService pool) {
        return pool == null || options.threads() <= 1 ? ONE_THREAD
                : new Parallelism(options.threads(), pool, THRESHOLD);
    }

    /**
     * This parallelism, or one thread when some elements of {@code output} share an address (a layout DirectML
     * accepts with a warning): such an output is written in row-major order on one thread, so that the last write
     * wins whatever the scheduling.
     */
    public Parallelism forOutput(BufferTensorDesc output) {
        return distinctAddresses(output) ? this : ONE_THREAD;
    }

    /** Whether every element of {@code tensor} has an address of its own (packed tensors always do). */
    public static boolean distinctAddresses(BufferTensorDesc tensor) {
        return tensor.strides()
                .map(strides -> BufferTensorMath.addressing(tensor.sizes(), strides) == ElementAddressing.DISTINCT)
                .orElse(true);
    }

    /** How many chunks work over {@code elements} output elements goes in: 1 when it stays on the calling thread. */
    public int chunks(long elements) {
        return pool == null || elements < threshold ? 1 : threads;
    }

    /** {@link #chunks(long)}, and no more chunks than the work has {@code units}. */
    public int chunks(long elements, long units) {
        return (int) Math.min(chunks(elements), Math.max(units, 1));
    }

    public PoolSplit split(String operatorName) {
        return new PoolSplit(pool, operatorName);
    }
}

package dev.dmlemu.cli;

import java.util.Optional;

/**
 * What the Java heap can still give, asked before every large allocation, so that a model too big for the heap is
 * refused with a message naming both numbers instead of dying half-way with an {@link OutOfMemoryError}.
 */
final class HeapBudget {

    /**
     * Kept free for everything else a run allocates besides the checked buffers (the model's JSON tree, the
     * emulator's tiles of up to 4 MiB per thread, output text): about 1/16 of the heap, at least 24 MiB.
     */
    static long headroom() {
        return Math.max(24L << 20, Runtime.getRuntime().maxMemory() / 16);
    }

    private HeapBudget() {}

    /**
     * Why {@code bytes} more cannot be allocated now ({@code "more than the N bytes the Java heap can give now
     * (maximum heap M MiB); raise it with ..."}, see {@link #message}), or empty when they can. Garbage is collected before refusing, so the
     * answer does not depend on when the collector last ran.
     */
    static Optional<String> refusal(long bytes) {
        if (bytes <= available()) {
            return Optional.empty();
        }
        System.gc();
        long available = available();
        if (bytes <= available) {
            return Optional.empty();
        }
        long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
        long suggestedMiB = ((Runtime.getRuntime().maxMemory() - available + bytes) >> 20) + 64;
        return Optional.of(message(available, maxMiB, suggestedMiB));
    }

    /**
     * The refusal's words: the bytes the heap can give, or, when it has none to spare (what is in use and the
     * headroom already take the whole heap), that it has nothing left.
     */
    static String message(long available, long maxMiB, long suggestedMiB) {
        String can = available > 0 ? "more than the " + available + " bytes the Java heap can give now"
                : "more than the Java heap can give now: it has nothing left to give";
        return can + " (maximum heap " + maxMiB + " MiB); raise it with DMLEMU_JAVA_OPTS=-Xmx" + suggestedMiB
                + "m (or more)";
    }

    /** The heap's maximum, less what is in use and the headroom. */
    private static long available() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory()) - headroom();
    }
}

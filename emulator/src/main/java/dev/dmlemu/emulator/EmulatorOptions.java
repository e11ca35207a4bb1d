package dev.dmlemu.emulator;

import java.util.Objects;

/**
 * How an {@link Emulator} runs operators.
 *
 * @param indexPolicy what out-of-range indices do; {@link IndexPolicy#DIRECTML} by default
 * @param threads how many threads one execution may use (the caller's included); 1 by default. With more than one,
 *     large executions are split across a pool the emulator owns and closes with {@link Emulator#close()}
 * @param listener told what an execution did that its output does not show (a scatter's duplicate writes);
 *     {@link ExecutionListener#IGNORE} by default
 */
public record EmulatorOptions(IndexPolicy indexPolicy, int threads, ExecutionListener listener) {

    /** The most threads an emulator accepts; more would only add scheduling overhead. */
    public static final int MAX_THREADS = 256;

    public EmulatorOptions {
        Objects.requireNonNull(indexPolicy, "indexPolicy");
        Objects.requireNonNull(listener, "listener");
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "], got " + threads);
        }
    }

    /** Options that ignore what executions report. */
    public EmulatorOptions(IndexPolicy indexPolicy, int threads) {
        this(indexPolicy, threads, ExecutionListener.IGNORE);
    }

    /** {@link IndexPolicy#DIRECTML}, one thread. */
    public static EmulatorOptions defaults() {
        return new EmulatorOptions(IndexPolicy.DIRECTML, 1);
    }

    public static Builder builder() {
        return new Builder();
    }

    public EmulatorOptions withIndexPolicy(IndexPolicy newPolicy) {
        return new EmulatorOptions(newPolicy, threads, listener);
    }

    public EmulatorOptions withThreads(int newThreads) {
        return new EmulatorOptions(indexPolicy, newThreads, listener);
    }

    public EmulatorOptions withListener(ExecutionListener newListener) {
        return new EmulatorOptions(indexPolicy, threads, newListener);
    }

    /** Builds {@link EmulatorOptions}, starting from {@link #defaults()}. */
    public static final class Builder {
        private IndexPolicy indexPolicy = IndexPolicy.DIRECTML;
        private int threads = 1;
        private ExecutionListener listener = ExecutionListener.IGNORE;

        private Builder() {}

        public Builder listener(ExecutionListener executionListener) {
            this.listener = Objects.requireNonNull(executionListener, "listener");
            return this;
        }

        public Builder indexPolicy(IndexPolicy policy) {
            this.indexPolicy = Objects.requireNonNull(policy, "indexPolicy");
            return this;
        }

        public Builder threads(int count) {
            this.threads = count;
            return this;
        }

        /** @throws IllegalArgumentException if the thread count is out of range */
        public EmulatorOptions build() {
            return new EmulatorOptions(indexPolicy, threads, listener);
        }
    }
}

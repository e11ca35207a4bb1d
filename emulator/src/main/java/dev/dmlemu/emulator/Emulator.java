package dev.dmlemu.emulator;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Java emulator of DirectML operators: gives the bytes DirectML gives, on any OS. For GatherElements, every data
 * type of the {@code DML_FEATURE_LEVEL_4_1} table (any 1/2/4/8-byte element moves as raw bits) and INT32, UINT32,
 * INT64 and UINT64 indices, with every tensor addressed through its Sizes and Strides. The operators it runs are
 * registered in {@link EmulatorKernels}.
 *
 * <pre>{@code
 * ValidatedOperator op = new FeatureLevelValidator().validate(desc, FeatureLevel.LEVEL_6_4).validated();
 * try (Emulator emulator = new Emulator(EmulatorOptions.builder().threads(2).build());
 *      PreparedOperator prepared = emulator.prepare(op)) {
 *     prepared.execute(Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output)));
 * }
 * }</pre>
 *
 * <p>Out-of-range indices follow {@link EmulatorOptions#indexPolicy()}. Thread-safe: prepared operators are
 * immutable and may be executed concurrently. With more than one thread the emulator owns a pool of daemon
 * threads, shut down by {@link #close()}; operators it prepared cannot run after that.
 */
public final class Emulator implements ExecutionBackend {

    private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

    private final EmulatorOptions options;
    /** Workers besides the calling thread; null with one thread. */
    private final ExecutorService pool;
    private final Parallelism parallelism;
    private volatile boolean closed;

    /** An emulator with {@link EmulatorOptions#defaults()}: DirectML's index behaviour, one thread. */
    public Emulator() {
        this(EmulatorOptions.defaults());
    }

    public Emulator(EmulatorOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.pool = options.threads() > 1 ? new ThreadPoolExecutor(options.threads() - 1, options.threads() - 1, 0,
                TimeUnit.MILLISECONDS, new SpinningWorkQueue(), daemonThreads()) : null;
        this.parallelism = Parallelism.of(options, pool);
    }

    public EmulatorOptions options() {
        return options;
    }

    /** {@code "emulator"}. */
    @Override
    public String name() {
        return "emulator";
    }

    /** The newest level: the emulator implements every GatherElements table. */
    @Override
    public FeatureLevel maxFeatureLevel() {
        return FeatureLevel.newest();
    }

    /**
     * Plans the operator once (iteration order, strides, specialised loops); executions then only check bindings.
     *
     * @throws OperatorExecutionException for an operator type the emulator does not implement
     * @throws IllegalStateException if the emulator is closed
     */
    @Override
    public PreparedOperator prepare(ValidatedOperator operator) {
        Objects.requireNonNull(operator, "operator");
        checkOpen();
        OperatorType type = operator.desc().operatorType();
        OperatorKernel kernel = EmulatorKernels.of(type).orElseThrow(() -> new OperatorExecutionException(
                "the emulator does not implement " + type.cName()));
        return new EmulatedOperator(this, operator, kernel.prepare(operator, options, parallelism));
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the Emulator is closed");
        }
    }

    /** Shuts the thread pool down (running executions finish). Idempotent. */
    @Override
    public void close() {
        closed = true;
        if (pool != null) {
            pool.shutdown();
        }
    }

    @Override
    public String toString() {
        return "Emulator[" + options.indexPolicy() + ", threads=" + options.threads() + "]";
    }

    private static ThreadFactory daemonThreads() {
        int poolNumber = POOL_NUMBER.incrementAndGet();
        AtomicInteger threadNumber = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "dmlemu-emulator-" + poolNumber + "-" + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}

package dev.dmlemu.bench;

import ai.onnxruntime.OrtException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The emulator against ONNX Runtime's CPU node for the same operator and the workload's memory floor, in the same run,
 * on the workloads of {@link KernelWorkloads} (docs/performance.md, "Element-wise, data movement, selection and
 * pooling"). A subclass names one family's workloads in a {@code @Param workload}. Setup checks that both sides'
 * outputs hold the same bytes before anything is timed. Where the emulator has no kernel for the operator yet, setup
 * checks nothing and {@code emulator} fails; {@code onnxRuntime} and {@code floor} still run (JMH's {@code -e
 * emulator} leaves the failing method out).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public abstract class KernelAgainstOrtBenchmark {

    @Param({"1", "2"})
    public int threads;

    private WorkloadRun run;
    private MemoryFloor floor;

    /** The workload of this trial's {@code @Param}s, one of {@link KernelWorkloads#NAMES}. */
    abstract String workload();

    @Setup(Level.Trial)
    public void setUp() throws OrtException {
        OperatorWorkload w = KernelWorkloads.named(workload(), KernelWorkloads.Size.BENCHMARK).orElseThrow(
                () -> new IllegalArgumentException("unknown workload " + workload()));
        run = new WorkloadRun(w, threads);
        // Both must compute the same thing before either is timed.
        if (!run.requireAgreement()) {
            System.err.println(w.name() + ": the emulator has no kernel for " + w.desc().operatorType().cName()
                    + " yet; only onnxRuntime and floor can run");
        }
        floor = run.floor(threads);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws OrtException {
        run.close();
        floor.close();
    }

    @Benchmark
    public void emulator() {
        run.runEmulator();
    }

    @Benchmark
    public void onnxRuntime() throws OrtException {
        run.runOrt();
    }

    /**
     * A plain pass over the bytes the operator must read and write ({@link StreamFloor}; for ADD
     * {@link TwoInputFloor}), split into halves like the emulator when {@code threads} is 2.
     */
    @Benchmark
    public void floor() throws Exception {
        floor.run();
    }
}

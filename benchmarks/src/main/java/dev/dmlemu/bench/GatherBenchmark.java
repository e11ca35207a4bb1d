package dev.dmlemu.bench;

import ai.onnxruntime.OrtException;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
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
 * The emulator's DML_GATHER against ONNX Runtime's CPU Gather ({@link OrtNode}: pinned output, so neither side
 * allocates per call), in the same run, on the workloads of {@link GatherWorkload} (docs/performance.md). Setup
 * checks that both outputs are bit-identical before anything is timed.
 *
 * Run: {@code java -jar benchmarks/target/benchmarks.jar 'GatherBenchmark' -f 1 -wi 3 -i 5}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class GatherBenchmark {

    @Param({"EMBEDDING", "AXIS1"})
    public String workload;

    @Param({"1", "2"})
    public int threads;

    private Emulator emulator;
    private PreparedOperator prepared;
    private Bindings bindings;
    private OrtNode ort;

    /** The floor: the input's first output-sized bytes, copied into a second output array. */
    private CopyFloor floor;

    @Setup(Level.Trial)
    public void setUp() throws OrtException {
        GatherWorkload w = GatherWorkload.named(workload);
        long dataBytes = GatherWorkload.count(w.data()) * 4;
        long indexBytes = GatherWorkload.count(w.indices()) * 8;
        long outputBytes = GatherWorkload.count(w.output()) * 4;
        ByteBuffer output = Workload.Values.heap(outputBytes);
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulator.prepare(new FeatureLevelValidator().validate(w.desc(), FeatureLevel.LEVEL_6_4).validated());
        bindings = Bindings.of(BufferBinding.of(w.data(Workload.Values.heap(dataBytes))),
                BufferBinding.of(w.indices(Workload.Values.heap(indexBytes))), BufferBinding.of(output));
        ort = new TimedWorkload.Gather(w).ort(threads);
        floor = new CopyFloor(bindings.get(0).buffer().array(), Math.toIntExact(outputBytes), threads);

        // Both must compute the same thing before either is timed.
        prepared.execute(bindings);
        ort.run();
        SameBytes.require(workload + ": emulator and ONNX Runtime", output, ort.output(), outputBytes, 4);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws OrtException {
        prepared.close();
        emulator.close();
        ort.close();
        floor.close();
    }

    @Benchmark
    public void emulator() {
        prepared.execute(bindings);
    }

    /**
     * A memory-traffic floor for the same run: the output's bytes written once, read from one contiguous run of the
     * input ({@code System.arraycopy}), split into halves like the emulator when {@code threads} is 2. A gather
     * reads as many bytes from scattered rows, so no kernel of either side can beat this.
     */
    @Benchmark
    public void copyFloor() throws Exception {
        floor.run();
    }

    @Benchmark
    public void onnxRuntime() throws OrtException {
        ort.run();
    }
}

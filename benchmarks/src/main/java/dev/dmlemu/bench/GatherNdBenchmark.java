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
 * The emulator's DML_GATHER_ND against ONNX Runtime's CPU GatherND ({@link OrtNode}: pinned output, so neither side
 * allocates per call), in the same run, on the workload of {@link GatherNdWorkload} (docs/performance.md). Setup
 * checks that both outputs are bit-identical before anything is timed.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar GatherNdBenchmark -f 1 -wi 5 -i 10 -w 1 -r 2}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class GatherNdBenchmark {

    @Param({"ND_ROWS"})
    public String workload;

    @Param({"1", "2"})
    public int threads;

    private Emulator emulator;
    private PreparedOperator prepared;
    private Bindings bindings;
    private OrtNode ort;
    private CopyFloor floor;

    @Setup(Level.Trial)
    public void setUp() throws OrtException {
        GatherNdWorkload w = GatherNdWorkload.named(workload);
        ByteBuffer output = Workload.Values.heap(w.outputBytes());
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulator.prepare(new FeatureLevelValidator().validate(w.desc(), FeatureLevel.LEVEL_6_4).validated());
        bindings = Bindings.of(BufferBinding.of(w.data(Workload.Values.heap(w.dataBytes()))),
                BufferBinding.of(w.indices(Workload.Values.heap(w.indexBytes()))), BufferBinding.of(output));
        ort = new TimedWorkload.GatherNd(w).ort(threads);
        floor = new CopyFloor(bindings.get(0).buffer().array(), Math.toIntExact(w.outputBytes()), threads);

        // Both must compute the same thing before either is timed.
        prepared.execute(bindings);
        ort.run();
        SameBytes.require(workload + ": emulator and ONNX Runtime", output, ort.output(), w.outputBytes(), 4);
        // And neither is wrong in the same way: the output the workload's definition gives.
        SameBytes.require(workload + ": ONNX Runtime and the expected output", ort.output(),
                w.expectedOutput(Workload.Values.heap(w.outputBytes())), w.outputBytes(), 4);
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

    /** The output's bytes copied from one contiguous run of the data ({@link CopyFloor}). */
    @Benchmark
    public void copyFloor() throws Exception {
        floor.run();
    }

    @Benchmark
    public void onnxRuntime() throws OrtException {
        ort.run();
    }
}

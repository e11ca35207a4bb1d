package dev.dmlemu.bench;

import ai.onnxruntime.OrtException;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
 * The emulator against ONNX Runtime's CPU node for the same operator ({@link OrtNode}: pinned output, so neither side
 * allocates per call) and a {@link CopyFloor}, in the same run (docs/performance.md). A subclass names its workloads
 * in a {@code @Param workload} and describes the one chosen as a {@link Subject}; setup checks that both outputs are
 * bit-identical (and, where the workload defines it, equal to the expected output) before anything is timed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public abstract class EmulatorAgainstOrtBenchmark {

    @Param({"1", "2"})
    public int threads;

    private Emulator emulator;
    private PreparedOperator prepared;
    private Bindings bindings;
    private OrtNode ort;
    private CopyFloor floor;

    /**
     * One workload as the shared setup runs it.
     *
     * @param inputs the desc's input buffers in binding order, filled; the floor copies from the first
     * @param outputBytes the output's size, also what the floor copies
     * @param expectedOutput the output the workload's definition gives, where it has one
     */
    record Subject(String name, TimedWorkload timed, OperatorDesc desc, List<ByteBuffer> inputs, long outputBytes,
            Optional<ByteBuffer> expectedOutput) {}

    /** The workload of this trial's {@code @Param}s. */
    abstract Subject subject();

    /** A Gather, GatherND or ScatterElements workload by name, as its benchmark states it; empty for another name. */
    static Optional<Subject> named(String workload) {
        if (GatherWorkload.NAMES.contains(workload)) {
            return Optional.of(GatherBenchmark.subject(workload));
        }
        if (GatherNdWorkload.NAMES.contains(workload)) {
            return Optional.of(GatherNdBenchmark.subject(workload));
        }
        if (ScatterElementsWorkload.NAMES.contains(workload)) {
            return Optional.of(ScatterElementsBenchmark.subject(workload));
        }
        return KernelWorkloads.named(workload, KernelWorkloads.Size.BENCHMARK)
                .filter(w -> w.outputs().size() == 1).map(EmulatorAgainstOrtBenchmark::kernelSubject);
    }

    /** A one-output workload of {@link KernelWorkloads} (MAX_POOL, ADD, ...) as a subject, its inputs filled. */
    private static Subject kernelSubject(OperatorWorkload w) {
        List<ByteBuffer> inputs = new ArrayList<>();
        for (Operand input : w.inputs()) {
            inputs.add(input.values().fill(Workload.Values.heap(input.bytes())));
        }
        return new Subject(w.name(), null, w.desc(), inputs, w.outputs().get(0).bytes(), Optional.empty());
    }

    @Setup(Level.Trial)
    public void setUp() throws OrtException {
        Subject s = subject();
        ByteBuffer output = Workload.Values.heap(s.outputBytes());
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulator.prepare(new FeatureLevelValidator().validate(s.desc(), FeatureLevel.LEVEL_6_4).validated());
        List<BufferBinding> buffers = new ArrayList<>();
        s.inputs().forEach(input -> buffers.add(BufferBinding.of(input)));
        buffers.add(BufferBinding.of(output));
        bindings = Bindings.of(buffers.toArray(BufferBinding[]::new));
        ort = s.timed().ort(threads);

        // Both must compute the same thing before either is timed.
        prepared.execute(bindings);
        ort.run();
        SameBytes.require(s.name() + ": emulator and ONNX Runtime", output, ort.output(), s.outputBytes(), 4);
        // And neither is wrong in the same way: the output the workload's definition gives.
        if (s.expectedOutput().isPresent()) {
            SameBytes.require(s.name() + ": ONNX Runtime and the expected output", ort.output(),
                    s.expectedOutput().get(), s.outputBytes(), 4);
        }
        setUpFloors(s, output);
        // After every check: from here the floors write into the emulator's output array, as it does.
        floor = new CopyFloor(s.inputs().get(0).array(), output.array(), threads);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws OrtException {
        prepared.close();
        emulator.close();
        ort.close();
        floor.close();
        closeFloors();
    }

    /**
     * Where a workload adds floors of its own: called once the emulator's output holds the checked result.
     *
     * @param emulatorOutput the emulator's output buffer
     */
    void setUpFloors(Subject s, ByteBuffer emulatorOutput) throws OrtException {}

    void closeFloors() {}

    @Benchmark
    public void emulator() {
        prepared.execute(bindings);
    }

    /**
     * A memory-traffic floor for the same run: the output's bytes written once, read from one contiguous run of the
     * first input ({@link CopyFloor}), split into halves like the emulator when {@code threads} is 2.
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

package dev.dmlemu.bench;

import ai.onnxruntime.OrtException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
 * The emulator against ONNX Runtime's CPU GatherElements ({@link OrtNode}: pinned output, so neither side
 * allocates per call), in the same run, on the workloads of {@link Workload} (docs/performance.md). Setup checks that
 * both outputs are bit-identical before anything is timed.
 *
 * Run: {@code java -jar benchmarks/target/benchmarks.jar GatherElements -f 1 -wi 3 -i 5}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class GatherElementsBenchmark {

    @Param({"W1", "W2", "W3", "W4", "W5", "STRIDED", "BROADCAST", "W2_F16", "W2_F64", "W1_F16",
        "W1_F64"})
    public String workload;

    @Param({"1", "2"})
    public int threads;

    private EmulatorRun emulatorRun;

    /** The floor's view of the same bytes: indices in, output out, no gather. */
    private byte[] floorIndices;
    private byte[] floorOutput;
    private int floorIndexSize;
    private int floorElementSize;
    private ExecutorService floorPool;

    private OrtNode ort;

    @Setup(Level.Trial)
    public void setUp() throws OrtException {
        Workload w = Workload.named(workload);
        Workload.Values values = w.values();
        int es = w.elementSize();
        int indexSize = w.indexType().sizeInBytes();
        emulatorRun = new EmulatorRun(values, threads);
        ByteBuffer outputBytes = emulatorRun.output();
        floorIndices = emulatorRun.indices().array();
        floorOutput = new byte[w.indexCount() * es];
        floorIndexSize = indexSize;
        floorElementSize = es;
        floorPool = threads > 1 ? Executors.newFixedThreadPool(threads - 1) : null;
        ort = OrtNode.gatherElements(values, threads);

        // Both must compute the same thing before either is timed.
        emulatorRun.run();
        ort.run();
        ByteBuffer ortOut = ort.output();
        for (int i = 0; i < w.indexCount() * es; i++) {
            if (outputBytes.get(i) != ortOut.get(i)) {
                throw new IllegalStateException(workload + ": emulator and ONNX Runtime differ at element " + i / es);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws OrtException {
        emulatorRun.close();
        if (floorPool != null) {
            floorPool.shutdown();
        }
        ort.close();
    }

    @Benchmark
    public void emulator() {
        emulatorRun.run();
    }

    /**
     * A memory-traffic floor for the same run: every index byte read once and every output byte written once, with
     * no gather (INT32 indices, 4-byte elements: {@code System.arraycopy} of the indices into the output; otherwise
     * each index stored, narrowed or widened to the element size). Split into contiguous halves like the emulator when
     * {@code threads} is 2.
     */
    @Benchmark
    public void copyFloor() throws Exception {
        int count = floorOutput.length / floorElementSize;
        if (floorPool == null) {
            copyFloor(0, count);
            return;
        }
        Future<?> other = floorPool.submit(() -> copyFloor(count / 2, count));
        copyFloor(0, count / 2);
        other.get();
    }

    private void copyFloor(int begin, int end) {
        if (floorIndexSize == 4 && floorElementSize == 4) {
            System.arraycopy(floorIndices, begin * 4, floorOutput, begin * 4, (end - begin) * 4);
        } else if (floorIndexSize == 8) {
            for (int i = begin; i < end; i++) {
                INT.set(floorOutput, i * 4, (int) (long) LONG.get(floorIndices, i * 8));
            }
        } else if (floorElementSize == 2) {
            for (int i = begin; i < end; i++) {
                SHORT.set(floorOutput, i * 2, (short) (int) INT.get(floorIndices, i * 4));
            }
        } else {
            for (int i = begin; i < end; i++) {
                LONG.set(floorOutput, i * 8, (long) (int) INT.get(floorIndices, i * 4));
            }
        }
    }

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class,
            ByteOrder.LITTLE_ENDIAN);

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    @Benchmark
    public void onnxRuntime() throws OrtException {
        ort.run();
    }
}

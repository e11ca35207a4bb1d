package dev.dmlemu.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * The emulator's DML_SCATTER_ELEMENTS against ONNX Runtime's CPU ScatterElements ({@link EmulatorAgainstOrtBenchmark};
 * {@link OrtNode} with three inputs) on the workload of {@link ScatterElementsWorkload}. Both sides rewrite the whole
 * output on every call: a copy of the input, then the updates. The floors: the input copied to the output and
 * nothing scattered ({@code copyFloor}, the part of the work both must do), the input copy plus the update rows
 * written to their targets with no index read ({@code sliceScatterFloor}), and that after a read of the indices'
 * memory ({@code indexedSliceScatterFloor}).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ScatterElementsBenchmark -f 1 -wi 5 -i 10 -w 1 -r 2}.
 */
public class ScatterElementsBenchmark extends EmulatorAgainstOrtBenchmark {

    @Param({"SCATTER_ROWS"})
    public String workload;

    @Override
    Subject subject() {
        return subject(workload);
    }

    static Subject subject(String workload) {
        ScatterElementsWorkload w = ScatterElementsWorkload.named(workload);
        return new Subject(workload, new TimedWorkload.ScatterElements(w), w.desc(),
                List.of(w.data(Workload.Values.heap(w.dataBytes())), w.indices(Workload.Values.heap(w.indexBytes())),
                        w.updates(Workload.Values.heap(w.updateBytes()))),
                w.dataBytes(), Optional.of(w.expectedOutput(Workload.Values.heap(w.dataBytes()))));
    }

    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    private static final int CACHE_LINE = 64;

    private SliceScatterFloor sliceScatter;
    /** The emulator's indices, for {@link #indexedSliceScatterFloor}. */
    private byte[] indices;

    @Override
    void setUpFloors(Subject s, ByteBuffer emulatorOutput) {
        ScatterElementsWorkload w = ScatterElementsWorkload.named(workload);
        // The emulator's own input, updates and output arrays, so both move the same memory.
        byte[] input = s.inputs().get(0).array();
        byte[] updates = s.inputs().get(2).array();
        indices = s.inputs().get(1).array();
        int sliceBytes = Math.toIntExact(w.columns() * 4);
        sliceScatter = SlicesFloor.checkedThenOnOutput(workload + ": slice-scatter floor and emulator",
                target -> new SliceScatterFloor(input, updates, w.targetRows(), sliceBytes, target, threads),
                emulatorOutput, s.outputBytes());
    }

    @Override
    void closeFloors() {
        sliceScatter.close();
    }

    /**
     * The update rows alone ({@link SliceScatterFloor}): the input copied and each update row written to its target
     * row, from offsets computed before timing; no index is read.
     */
    @Benchmark
    public void sliceScatterFloor() throws Exception {
        sliceScatter.run();
    }

    /**
     * {@link #sliceScatterFloor} after the indices' memory is read once on the calling thread, one 64-bit word of each
     * 64-byte line, their sum returned so that the reads stay: the memory traffic a SCATTER_ELEMENTS has beyond that
     * floor, each of its updates carrying an index of its own (SCATTER_ROWS: 2 MiB of INT64 beside 1 MiB of updates),
     * without any work on the values. A one-thread figure: at two threads the pass is not split.
     */
    @Benchmark
    public long indexedSliceScatterFloor() throws Exception {
        long sum = 0;
        for (int at = 0; at + Long.BYTES <= indices.length; at += CACHE_LINE) {
            sum += (long) LONG_LE.get(indices, at);
        }
        sliceScatter.run();
        return sum;
    }
}

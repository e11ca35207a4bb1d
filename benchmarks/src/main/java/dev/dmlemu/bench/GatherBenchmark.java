package dev.dmlemu.bench;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * The emulator's DML_GATHER against ONNX Runtime's CPU Gather ({@link EmulatorAgainstOrtBenchmark}) on the workloads
 * of {@link GatherWorkload}. The floor copies the output's bytes from one contiguous run of the input; a gather reads
 * as many bytes from scattered rows, so no kernel of either side can beat it. A workload that gathers whole rows
 * (EMBEDDING) has a second floor: the same rows copied in the same order, with no index read.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar 'GatherBenchmark' -f 1 -wi 3 -i 5}.
 */
public class GatherBenchmark extends EmulatorAgainstOrtBenchmark {

    @Param({"EMBEDDING", "AXIS1"})
    public String workload;

    @Override
    Subject subject() {
        return subject(workload);
    }

    static Subject subject(String workload) {
        GatherWorkload w = GatherWorkload.named(workload);
        long dataBytes = GatherWorkload.count(w.data()) * 4;
        long indexBytes = GatherWorkload.count(w.indices()) * 8;
        long outputBytes = GatherWorkload.count(w.output()) * 4;
        return new Subject(workload, new TimedWorkload.Gather(w), w.desc(),
                List.of(w.data(Workload.Values.heap(dataBytes)), w.indices(Workload.Values.heap(indexBytes))),
                outputBytes, Optional.empty());
    }

    private SliceCopyFloor rowCopies;

    @Override
    void setUpFloors(Subject s, ByteBuffer emulatorOutput) {
        GatherWorkload w = GatherWorkload.named(workload);
        if (w.axis() != 0) {
            return;
        }
        long rowElements = GatherWorkload.count(w.output()) / GatherWorkload.count(w.indices());
        ByteBuffer indices = s.inputs().get(1);
        int[] rowOffsets = new int[Math.toIntExact(GatherWorkload.count(w.indices()))];
        for (int i = 0; i < rowOffsets.length; i++) {
            rowOffsets[i] = Math.toIntExact(indices.getLong(i * 8) * rowElements * 4);
        }
        // The emulator's own input and output arrays, so both move the same memory.
        byte[] source = s.inputs().get(0).array();
        int rowBytes = Math.toIntExact(rowElements * 4);
        rowCopies = SlicesFloor.checkedThenOnOutput(workload + ": row-copy floor and emulator",
                target -> new SliceCopyFloor(source, rowOffsets, rowBytes, target, threads), emulatorOutput,
                s.outputBytes());
    }

    @Override
    void closeFloors() {
        if (rowCopies != null) {
            rowCopies.close();
        }
    }

    /**
     * The rows alone, for a workload that gathers whole rows ({@link SliceCopyFloor}): the same rows copied from the
     * same array in the same order, from offsets computed before timing; no index is read. AXIS1 gathers single
     * elements and has none (the benchmark fails for it; select {@code -p workload=EMBEDDING}).
     */
    @Benchmark
    public void rowCopyFloor() throws Exception {
        if (rowCopies == null) {
            throw new UnsupportedOperationException(workload + " gathers no whole rows: its floor is copyFloor");
        }
        rowCopies.run();
    }
}

package dev.dmlemu.bench;

import java.util.List;
import java.util.Optional;
import java.nio.ByteBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * The emulator's DML_GATHER_ND against ONNX Runtime's CPU GatherND ({@link EmulatorAgainstOrtBenchmark}) on the
 * workload of {@link GatherNdWorkload}. The floor copies the output's bytes from one contiguous run of the data.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar GatherNdBenchmark -f 1 -wi 5 -i 10 -w 1 -r 2}.
 */
public class GatherNdBenchmark extends EmulatorAgainstOrtBenchmark {

    @Param({"ND_ROWS"})
    public String workload;

    private SliceCopyFloor sliceCopies;

    @Override
    Subject subject() {
        return subject(workload);
    }

    static Subject subject(String workload) {
        GatherNdWorkload w = GatherNdWorkload.named(workload);
        return new Subject(workload, new TimedWorkload.GatherNd(w), w.desc(),
                List.of(w.data(Workload.Values.heap(w.dataBytes())), w.indices(Workload.Values.heap(w.indexBytes()))),
                w.outputBytes(), Optional.of(w.expectedOutput(Workload.Values.heap(w.outputBytes()))));
    }

    @Override
    void setUpFloors(Subject s, ByteBuffer emulatorOutput) {
        GatherNdWorkload w = GatherNdWorkload.named(workload);
        long[] offsets = w.sliceOffsets();
        int[] byteOffsets = new int[offsets.length];
        for (int i = 0; i < offsets.length; i++) {
            byteOffsets[i] = Math.toIntExact(offsets[i] * 4);
        }
        // The emulator's own input and output arrays, so both move the same memory.
        byte[] source = s.inputs().get(0).array();
        int sliceBytes = Math.toIntExact(w.sliceElements() * 4);
        sliceCopies = SlicesFloor.checkedThenOnOutput(workload + ": slice-copy floor and emulator",
                target -> new SliceCopyFloor(source, byteOffsets, sliceBytes, target, threads), emulatorOutput,
                s.outputBytes());
    }

    @Override
    void closeFloors() {
        sliceCopies.close();
    }

    /**
     * The slices alone ({@link SliceCopyFloor}): what copying the same slices from the same array costs in Java, with
     * no index read and no offset computed.
     */
    @Benchmark
    public void sliceCopyFloor() throws Exception {
        sliceCopies.run();
    }
}

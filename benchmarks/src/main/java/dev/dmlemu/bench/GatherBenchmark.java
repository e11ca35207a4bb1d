package dev.dmlemu.bench;

import java.util.List;
import java.util.Optional;
import org.openjdk.jmh.annotations.Param;

/**
 * The emulator's DML_GATHER against ONNX Runtime's CPU Gather ({@link EmulatorAgainstOrtBenchmark}) on the workloads
 * of {@link GatherWorkload}. The floor copies the output's bytes from one contiguous run of the input; a gather reads
 * as many bytes from scattered rows, so no kernel of either side can beat it.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar 'GatherBenchmark' -f 1 -wi 3 -i 5}.
 */
public class GatherBenchmark extends EmulatorAgainstOrtBenchmark {

    @Param({"EMBEDDING", "AXIS1"})
    public String workload;

    @Override
    Subject subject() {
        GatherWorkload w = GatherWorkload.named(workload);
        long dataBytes = GatherWorkload.count(w.data()) * 4;
        long indexBytes = GatherWorkload.count(w.indices()) * 8;
        long outputBytes = GatherWorkload.count(w.output()) * 4;
        return new Subject(workload, new TimedWorkload.Gather(w), w.desc(),
                List.of(w.data(Workload.Values.heap(dataBytes)), w.indices(Workload.Values.heap(indexBytes))),
                outputBytes, Optional.empty());
    }
}

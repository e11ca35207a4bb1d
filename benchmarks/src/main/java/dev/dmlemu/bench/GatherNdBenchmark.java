package dev.dmlemu.bench;

import java.util.List;
import java.util.Optional;
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

    @Override
    Subject subject() {
        GatherNdWorkload w = GatherNdWorkload.named(workload);
        return new Subject(workload, new TimedWorkload.GatherNd(w), w.desc(),
                List.of(w.data(Workload.Values.heap(w.dataBytes())), w.indices(Workload.Values.heap(w.indexBytes()))),
                w.outputBytes(), Optional.of(w.expectedOutput(Workload.Values.heap(w.outputBytes()))));
    }
}

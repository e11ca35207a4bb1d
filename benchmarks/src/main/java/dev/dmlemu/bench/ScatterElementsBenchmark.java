package dev.dmlemu.bench;

import java.util.List;
import java.util.Optional;
import org.openjdk.jmh.annotations.Param;

/**
 * The emulator's DML_SCATTER_ELEMENTS against ONNX Runtime's CPU ScatterElements ({@link EmulatorAgainstOrtBenchmark};
 * {@link OrtNode} with three inputs) on the workload of {@link ScatterElementsWorkload}. Both sides rewrite the whole
 * output on every call: a copy of the input, then the updates. The floor is the input copied to the output and
 * nothing scattered: the part of the work both must do.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ScatterElementsBenchmark -f 1 -wi 5 -i 10 -w 1 -r 2}.
 */
public class ScatterElementsBenchmark extends EmulatorAgainstOrtBenchmark {

    @Param({"SCATTER_ROWS"})
    public String workload;

    @Override
    Subject subject() {
        ScatterElementsWorkload w = ScatterElementsWorkload.named(workload);
        return new Subject(workload, new TimedWorkload.ScatterElements(w), w.desc(),
                List.of(w.data(Workload.Values.heap(w.dataBytes())), w.indices(Workload.Values.heap(w.indexBytes())),
                        w.updates(Workload.Values.heap(w.updateBytes()))),
                w.dataBytes(), Optional.of(w.expectedOutput(Workload.Values.heap(w.dataBytes()))));
    }
}

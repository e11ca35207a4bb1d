package dev.dmlemu.bench;

import org.openjdk.jmh.annotations.Param;

/**
 * The emulator against ONNX Runtime and the floor ({@link KernelAgainstOrtBenchmark}) on data movement: CONCAT
 * (DML_JOIN), SLICE (DML_SLICE1) and PAD (DML_PADDING).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar 'MovementBenchmark' -f 1 -wi 5 -i 10 -w 1 -r 1}.
 */
public class MovementBenchmark extends KernelAgainstOrtBenchmark {

    @Param({"CONCAT", "SLICE", "PAD"})
    public String workload;

    @Override
    String workload() {
        return workload;
    }
}

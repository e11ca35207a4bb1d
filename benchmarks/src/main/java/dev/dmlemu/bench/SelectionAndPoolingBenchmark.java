package dev.dmlemu.bench;

import org.openjdk.jmh.annotations.Param;

/**
 * The emulator against ONNX Runtime and the floor ({@link KernelAgainstOrtBenchmark}) on selection and pooling:
 * TOP_K (DML_TOP_K1) and MAX_POOL (DML_MAX_POOLING). Their kernels are not in the emulator yet: run them with
 * {@code -e emulator} until they are.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar 'SelectionAndPoolingBenchmark' -f 1 -wi 5 -i 10 -w 1 -r 1}.
 */
public class SelectionAndPoolingBenchmark extends KernelAgainstOrtBenchmark {

    @Param({"TOP_K", "MAX_POOL"})
    public String workload;

    @Override
    String workload() {
        return workload;
    }
}

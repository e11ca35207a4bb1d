package dev.dmlemu.bench;

import org.openjdk.jmh.annotations.Param;

/**
 * The emulator against ONNX Runtime and the floor ({@link KernelAgainstOrtBenchmark}) on the element-wise operators:
 * ADD (DML_ELEMENT_WISE_ADD) and CAST (DML_CAST). CAST has no kernel in the emulator yet: run it with {@code -e
 * emulator} until it has.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar 'ElementWiseBenchmark' -f 1 -wi 5 -i 10 -w 1 -r 1}.
 */
public class ElementWiseBenchmark extends KernelAgainstOrtBenchmark {

    @Param({"ADD", "CAST"})
    public String workload;

    @Override
    String workload() {
        return workload;
    }
}

package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ValidatedOperator;

/** How the emulator runs one operator type: it plans a validated desc once, for any number of executions. */
public interface OperatorKernel {

    OperatorType operatorType();

    /**
     * @param parallelism the emulator's threads and worker pool
     */
    OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism);
}

package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.concurrent.ExecutorService;

/** How the emulator runs one operator type: it plans a validated desc once, for any number of executions. */
interface OperatorKernel {

    OperatorType operatorType();

    /**
     * @param pool the emulator's worker pool, or null with one thread
     */
    OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, ExecutorService pool);
}

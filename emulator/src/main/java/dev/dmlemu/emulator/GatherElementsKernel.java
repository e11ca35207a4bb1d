package dev.dmlemu.emulator;

import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.concurrent.ExecutorService;

/** {@code DML_OPERATOR_GATHER_ELEMENTS} on the emulator: a {@link GatherExecution} with the default tuning. */
final class GatherElementsKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.GATHER_ELEMENTS;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, ExecutorService pool) {
        return GatherExecution.prepare(operator.desc(GatherElementsOperatorDesc.class), operator.indexSemantics(),
                options.indexPolicy(), options.threads(), pool, KernelTuning.DEFAULT);
    }
}

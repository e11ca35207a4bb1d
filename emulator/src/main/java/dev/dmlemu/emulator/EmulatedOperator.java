package dev.dmlemu.emulator;

import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;

/** An operator prepared by an {@link Emulator}. Immutable apart from its closed flag; thread-safe. */
final class EmulatedOperator implements PreparedOperator {

    private final Emulator emulator;
    private final ValidatedOperator operator;
    private final OperatorExecution execution;
    private volatile boolean closed;

    EmulatedOperator(Emulator emulator, ValidatedOperator operator, OperatorExecution execution) {
        this.emulator = emulator;
        this.operator = operator;
        this.execution = execution;
    }

    @Override
    public ValidatedOperator operator() {
        return operator;
    }

    @Override
    public void execute(Bindings bindings) {
        if (closed) {
            throw new IllegalStateException("the prepared operator is closed");
        }
        emulator.checkOpen();
        execution.execute(bindings);
    }

    @Override
    public void close() {
        closed = true;
        execution.release();
    }

    @Override
    public String toString() {
        return "EmulatedOperator[" + operator + "]";
    }
}

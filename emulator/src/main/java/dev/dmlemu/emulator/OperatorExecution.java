package dev.dmlemu.emulator;

import dev.dmlemu.execution.Bindings;

/** One operator planned by the emulator: it runs on bindings, any number of times, possibly concurrently. */
public interface OperatorExecution {

    /**
     * @throws dev.dmlemu.execution.OperatorExecutionException when the bindings do not fit the operator
     */
    void execute(Bindings bindings);

    /**
     * Drops what the operator keeps between executions (the last bindings' views, scratch arrays), so it no longer
     * refers to the caller's buffers. Called when the prepared operator closes.
     */
    void release();
}

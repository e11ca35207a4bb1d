package dev.dmlemu.emulator;

import dev.dmlemu.execution.Bindings;

/** One operator planned by the emulator: it runs on bindings, any number of times, possibly concurrently. */
interface OperatorExecution {

    /**
     * @throws dev.dmlemu.execution.OperatorExecutionException when the bindings do not fit the operator
     */
    void execute(Bindings bindings);

    /** Drops anything cached about the last bindings, so the operator no longer refers to the caller's buffers. */
    void forgetBindings();
}

package dev.dmlemu.execution;

import dev.dmlemu.featurelevels.ValidatedOperator;

/** A compiled operator that can be executed many times; the emulator's may be executed concurrently. */
public interface PreparedOperator extends AutoCloseable {

    /** The operator this was prepared from. */
    ValidatedOperator operator();

    /**
     * Reads the input bindings and writes the output bindings. Output bytes that the output strides do not address
     * are left exactly as they were.
     *
     * @throws OperatorExecutionException for a binding that does not fit its tensor, or an index the backend's
     *     policy refuses; nothing is written to the outputs in that case
     */
    void execute(Bindings bindings);

    /** Idempotent. */
    @Override
    void close();
}

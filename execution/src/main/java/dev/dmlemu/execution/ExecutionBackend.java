package dev.dmlemu.execution;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * Something that runs validated operators: the Java emulator or the real DirectML. The shape follows DirectML's
 * own split: {@link #prepare} is CreateOperator + CompileOperator + initialization, done once;
 * {@link PreparedOperator#execute} is a dispatch, done many times.
 */
public interface ExecutionBackend extends AutoCloseable {

    /** A short name for messages and JSON: {@code "emulator"}, {@code "directml"}. */
    String name();

    /** The highest feature level the backend supports (for DirectML, what the device reports). */
    FeatureLevel maxFeatureLevel();

    /**
     * Compiles an operator for repeated execution.
     *
     * @throws OperatorExecutionException if the backend refuses the operator (e.g. a data type the device lacks)
     */
    PreparedOperator prepare(ValidatedOperator operator);

    /** Releases native resources; the emulator holds none. Idempotent. */
    @Override
    void close();
}

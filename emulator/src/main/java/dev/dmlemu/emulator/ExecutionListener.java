package dev.dmlemu.emulator;

/**
 * What an {@link Emulator} tells its user about an execution besides the output. Called on the executing thread,
 * after the output is written; implementations must be thread-safe when operators run concurrently.
 */
@FunctionalInterface
public interface ExecutionListener {

    /** A listener that ignores everything. */
    ExecutionListener IGNORE = found -> { };

    /** A scatter execution wrote some output element more than once. */
    void duplicateWrites(DuplicateWrites found);
}

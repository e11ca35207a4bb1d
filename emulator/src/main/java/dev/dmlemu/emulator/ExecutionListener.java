package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorType;
import java.util.function.LongPredicate;

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

    /**
     * After {@link #duplicateWrites}: which output elements (element offsets into the OutputTensor binding, strides
     * applied) were written more than once, so a caller can tell the elements DirectML leaves undefined from the
     * rest. The predicate stays valid after the call. Ignored by default.
     */
    default void overwrittenElements(OperatorType operator, LongPredicate wasOverwritten) {
    }
}

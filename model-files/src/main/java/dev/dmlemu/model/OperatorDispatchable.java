package dev.dmlemu.model;

import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.OperatorDesc;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A DirectML operator dispatchable: {@code {"type": "GATHER_ELEMENTS", "desc": {...}, "executionFlags": ...}}.
 *
 * @param desc the operator desc
 * @param executionFlags the flags passed to {@code CompileOperator}; {@link ExecutionFlag#NONE} is dropped, so the
 *     empty set means {@code DML_EXECUTION_FLAG_NONE}
 */
public record OperatorDispatchable(OperatorDesc desc, Set<ExecutionFlag> executionFlags) implements Dispatchable {

    public OperatorDispatchable {
        Objects.requireNonNull(desc, "desc");
        EnumSet<ExecutionFlag> flags = EnumSet.noneOf(ExecutionFlag.class);
        flags.addAll(Objects.requireNonNull(executionFlags, "executionFlags"));
        flags.remove(ExecutionFlag.NONE);
        executionFlags = java.util.Collections.unmodifiableSet(flags);
    }

    /** A dispatchable with no execution flags. */
    public OperatorDispatchable(OperatorDesc desc) {
        this(desc, Set.of());
    }
}

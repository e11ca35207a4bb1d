package dev.dmlemu.model;

import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.OperatorDesc;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A DirectML operator dispatchable: {@code {"type": "GATHER_ELEMENTS", "desc": {...}, "executionFlags": ...}}.
 *
 * @param desc the operator desc
 * @param executionFlags the flags passed to {@code CompileOperator}; {@link ExecutionFlag#NONE} is dropped, so the
 *     empty set means {@code DML_EXECUTION_FLAG_NONE}
 * @param initializationBindings the dispatchable's own {@code bindings}: tensor field → resource, bound when the
 *     operator is initialized, which DirectML allows only for inputs flagged {@code OWNED_BY_DML}; unmodifiable
 */
public record OperatorDispatchable(OperatorDesc desc, Set<ExecutionFlag> executionFlags,
        Map<String, BindingRef> initializationBindings) implements Dispatchable {

    public OperatorDispatchable {
        Objects.requireNonNull(desc, "desc");
        EnumSet<ExecutionFlag> flags = EnumSet.noneOf(ExecutionFlag.class);
        flags.addAll(Objects.requireNonNull(executionFlags, "executionFlags"));
        flags.remove(ExecutionFlag.NONE);
        executionFlags = Collections.unmodifiableSet(flags);
        initializationBindings = Collections.unmodifiableMap(new LinkedHashMap<>(
                Objects.requireNonNull(initializationBindings, "initializationBindings")));
    }

    /** A dispatchable with no initialization bindings. */
    public OperatorDispatchable(OperatorDesc desc, Set<ExecutionFlag> executionFlags) {
        this(desc, executionFlags, Map.of());
    }

    /** A dispatchable with no execution flags. */
    public OperatorDispatchable(OperatorDesc desc) {
        this(desc, Set.of());
    }
}

package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.ExecutionFlag;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How to open the DirectML backend.
 *
 * @param adapter which GPU adapter
 * @param debugLayer whether DirectML validates every call (needs DirectML.Debug.dll)
 * @param directMlDll a DirectML.dll to load; empty = the {@value DirectMl#DLL_ENV_VAR} environment variable if
 *     set, else the system's {@code DirectML.dll}
 * @param executionFlags passed to {@code CompileOperator}; never {@code ALLOW_HALF_PRECISION_COMPUTATION} for
 *     bit-exact comparisons
 */
public record DirectMlOptions(AdapterSelection adapter, DebugLayer debugLayer, Optional<Path> directMlDll,
        Set<ExecutionFlag> executionFlags) {

    public DirectMlOptions {
        Objects.requireNonNull(adapter, "adapter");
        Objects.requireNonNull(debugLayer, "debugLayer");
        Objects.requireNonNull(directMlDll, "directMlDll");
        executionFlags = Set.copyOf(Objects.requireNonNull(executionFlags, "executionFlags"));
    }

    /** Default adapter, no debug layer, DLL from the environment or the system, {@code DML_EXECUTION_FLAG_NONE}. */
    public static DirectMlOptions defaults() {
        return new DirectMlOptions(AdapterSelection.defaultAdapter(), DebugLayer.OFF, Optional.empty(),
                EnumSet.noneOf(ExecutionFlag.class));
    }

    public DirectMlOptions withAdapter(AdapterSelection newAdapter) {
        return new DirectMlOptions(newAdapter, debugLayer, directMlDll, executionFlags);
    }

    public DirectMlOptions withDebugLayer(DebugLayer newDebugLayer) {
        return new DirectMlOptions(adapter, newDebugLayer, directMlDll, executionFlags);
    }

    public DirectMlOptions withDirectMlDll(Path dll) {
        return new DirectMlOptions(adapter, debugLayer, Optional.of(dll), executionFlags);
    }

    public DirectMlOptions withExecutionFlags(Set<ExecutionFlag> flags) {
        return new DirectMlOptions(adapter, debugLayer, directMlDll, flags);
    }
}

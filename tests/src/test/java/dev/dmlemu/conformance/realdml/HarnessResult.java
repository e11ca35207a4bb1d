package dev.dmlemu.conformance.realdml;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the harness printed for one case: the HRESULT of each stage ({@code -} = not reached) and, when the
 * dispatch succeeded, the logical output elements in row-major order as printed.
 */
public record HarnessResult(String name, OptionalInt create, OptionalInt compile, OptionalInt initialize,
        OptionalInt execute, Optional<List<String>> output) {

    /** {@code E_INVALIDARG}, what CreateOperator returns for a desc it refuses. */
    public static final int E_INVALIDARG = 0x80070057;

    /** CreateOperator returned S_OK. */
    public boolean created() {
        return create.isPresent() && create.getAsInt() == 0;
    }

    /** Every stage that ran returned S_OK and the output was read back. */
    public boolean executed() {
        return created() && execute.isPresent() && execute.getAsInt() == 0 && output.isPresent();
    }

    public String createText() {
        return create.isPresent() ? String.format("0x%08x", create.getAsInt()) : "-";
    }
}

package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Pointer;

/** {@code IDMLOperatorInitializer} (… → IDMLDispatchable → IDMLOperatorInitializer). */
public final class DmlOperatorInitializer extends DmlDispatchable {

    /** {@code Reset(UINT, IDMLCompiledOperator* const*)}; not used: one initializer per compiled operator. */
    public static final int SLOT_RESET = 9;

    /** Adopts one reference. */
    public DmlOperatorInitializer(Pointer pointer) {
        super(pointer, "IDMLOperatorInitializer");
    }
}

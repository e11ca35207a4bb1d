package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Pointer;

/** {@code IDMLCompiledOperator} (… → IDMLDispatchable → IDMLCompiledOperator; adds no methods). */
public final class DmlCompiledOperator extends DmlDispatchable {

    /** Adopts one reference. */
    public DmlCompiledOperator(Pointer pointer) {
        super(pointer, "IDMLCompiledOperator");
    }
}

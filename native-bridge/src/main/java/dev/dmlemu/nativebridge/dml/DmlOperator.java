package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;

/** {@code IDMLOperator} (IUnknown → IDMLObject → IDMLDeviceChild → IDMLPageable → IDMLOperator; adds no methods). */
public final class DmlOperator extends ComObject {

    /** Adopts one reference. */
    public DmlOperator(Pointer pointer) {
        super(pointer, "IDMLOperator");
    }
}

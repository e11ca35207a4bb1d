package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;

/** {@code IDMLCommandRecorder} (IUnknown → IDMLObject → IDMLDeviceChild → IDMLCommandRecorder). */
public final class DmlCommandRecorder extends ComObject {

    /** {@code RecordDispatch(ID3D12CommandList*, IDMLDispatchable*, IDMLBindingTable*) → void}. */
    public static final int SLOT_RECORD_DISPATCH = 8;

    /** Adopts one reference. */
    public DmlCommandRecorder(Pointer pointer) {
        super(pointer, "IDMLCommandRecorder");
    }

    /**
     * Records the dispatch into an open command list. DirectML inserts no barrier after it: the caller adds a UAV
     * barrier before reading the outputs.
     */
    public void recordDispatch(Pointer commandList, DmlDispatchable dispatchable, DmlBindingTable bindingTable) {
        callVoid(SLOT_RECORD_DISPATCH, commandList, dispatchable.pointer(), bindingTable.pointer());
    }
}

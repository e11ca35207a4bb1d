package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code D3D12_RANGE}: {@code SIZE_T Begin} @0, {@code SIZE_T End} @8; 16 bytes (64-bit Windows only). */
@FieldOrder({"Begin", "End"})
public class D3D12_RANGE extends WindowsStructure {
    public long Begin;
    public long End;

    public D3D12_RANGE() {
    }

    public D3D12_RANGE(Pointer memory) {
        super(memory);
        read();
    }
}

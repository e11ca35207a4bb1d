package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code D3D12_DESCRIPTOR_HEAP_DESC}: Type @0, NumDescriptors @4, Flags @8, NodeMask @12; 16 bytes. */
@FieldOrder({"Type", "NumDescriptors", "Flags", "NodeMask"})
public class D3D12_DESCRIPTOR_HEAP_DESC extends WindowsStructure {
    public int Type;
    public int NumDescriptors;
    public int Flags;
    public int NodeMask;

    public D3D12_DESCRIPTOR_HEAP_DESC() {
    }

    public D3D12_DESCRIPTOR_HEAP_DESC(Pointer memory) {
        super(memory);
        read();
    }
}

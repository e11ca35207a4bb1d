package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code D3D12_COMMAND_QUEUE_DESC}: Type @0, Priority @4, Flags @8, NodeMask @12; 16 bytes. */
@FieldOrder({"Type", "Priority", "Flags", "NodeMask"})
public class D3D12_COMMAND_QUEUE_DESC extends WindowsStructure {
    public int Type;
    public int Priority;
    public int Flags;
    public int NodeMask;

    public D3D12_COMMAND_QUEUE_DESC() {
    }

    public D3D12_COMMAND_QUEUE_DESC(Pointer memory) {
        super(memory);
        read();
    }
}

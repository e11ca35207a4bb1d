package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code D3D12_HEAP_PROPERTIES}: Type @0, CPUPageProperty @4, MemoryPoolPreference @8, CreationNodeMask @12,
 * VisibleNodeMask @16; 20 bytes.
 */
@FieldOrder({"Type", "CPUPageProperty", "MemoryPoolPreference", "CreationNodeMask", "VisibleNodeMask"})
public class D3D12_HEAP_PROPERTIES extends WindowsStructure {
    public int Type;
    public int CPUPageProperty;
    public int MemoryPoolPreference;
    public int CreationNodeMask;
    public int VisibleNodeMask;

    public D3D12_HEAP_PROPERTIES() {
    }

    public D3D12_HEAP_PROPERTIES(Pointer memory) {
        super(memory);
        read();
    }
}

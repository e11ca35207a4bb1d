package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code D3D12_CPU_DESCRIPTOR_HANDLE}: {@code SIZE_T ptr}; 8 bytes. Returned by value from
 * {@code GetCPUDescriptorHandleForHeapStart}, i.e. through a hidden result pointer.
 */
@FieldOrder({"ptr"})
public class D3D12_CPU_DESCRIPTOR_HANDLE extends WindowsStructure {
    public long ptr;

    public D3D12_CPU_DESCRIPTOR_HANDLE() {
    }

    public D3D12_CPU_DESCRIPTOR_HANDLE(Pointer memory) {
        super(memory);
        read();
    }
}

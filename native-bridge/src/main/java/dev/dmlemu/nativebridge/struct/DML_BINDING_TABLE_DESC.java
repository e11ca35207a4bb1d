package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code DML_BINDING_TABLE_DESC}: {@code IDMLDispatchable* Dispatchable} at byte 0,
 * {@code D3D12_CPU_DESCRIPTOR_HANDLE} at byte 8 (its one {@code SIZE_T ptr}), {@code D3D12_GPU_DESCRIPTOR_HANDLE} at
 * byte 16 (its one {@code UINT64 ptr}), {@code UINT SizeInDescriptors} at byte 24; 32 bytes. The one-field handle structs are flattened to their value.
 */
@FieldOrder({"Dispatchable", "CPUDescriptorHandle", "GPUDescriptorHandle", "SizeInDescriptors"})
public class DML_BINDING_TABLE_DESC extends WindowsStructure {
    public Pointer Dispatchable;
    public long CPUDescriptorHandle;
    public long GPUDescriptorHandle;
    public int SizeInDescriptors;

    public DML_BINDING_TABLE_DESC() {
    }

    public DML_BINDING_TABLE_DESC(Pointer memory) {
        super(memory);
        read();
    }
}

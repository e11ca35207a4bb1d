package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code D3D12_RESOURCE_BARRIER}: Type @0, Flags @4, then a union @8. The fields after {@code Flags} are the
 * {@code Transition} arm ({@code pResource} @8, {@code Subresource} @16, {@code StateBefore} @20,
 * {@code StateAfter} @24); the {@code UAV} arm is {@code pResource} @8 alone (null = every UAV access); 32 bytes.
 */
@FieldOrder({"Type", "Flags", "pResource", "Subresource", "StateBefore", "StateAfter"})
public class D3D12_RESOURCE_BARRIER extends WindowsStructure {
    public int Type;
    public int Flags;
    public Pointer pResource;
    public int Subresource;
    public int StateBefore;
    public int StateAfter;

    public D3D12_RESOURCE_BARRIER() {
    }

    public D3D12_RESOURCE_BARRIER(Pointer memory) {
        super(memory);
        read();
    }
}

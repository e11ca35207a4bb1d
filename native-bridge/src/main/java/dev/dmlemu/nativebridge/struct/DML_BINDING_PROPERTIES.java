package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code DML_BINDING_PROPERTIES}: RequiredDescriptorCount @0, {@code UINT64 TemporaryResourceSize} @8,
 * {@code UINT64 PersistentResourceSize} @16; 24 bytes. Returned by value from
 * {@code IDMLDispatchable::GetBindingProperties}, i.e. through a hidden result pointer.
 */
@FieldOrder({"RequiredDescriptorCount", "TemporaryResourceSize", "PersistentResourceSize"})
public class DML_BINDING_PROPERTIES extends WindowsStructure {
    public int RequiredDescriptorCount;
    public long TemporaryResourceSize;
    public long PersistentResourceSize;

    public DML_BINDING_PROPERTIES() {
    }

    public DML_BINDING_PROPERTIES(Pointer memory) {
        super(memory);
        read();
    }
}

package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code DML_BINDING_DESC}: {@code DML_BINDING_TYPE Type} @0 and {@code const void* Desc} @8; 16 bytes. */
@FieldOrder({"Type", "Desc"})
public class DML_BINDING_DESC extends WindowsStructure {
    public int Type;
    public Pointer Desc;

    public DML_BINDING_DESC() {
    }

    public DML_BINDING_DESC(Pointer memory) {
        super(memory);
        read();
    }
}

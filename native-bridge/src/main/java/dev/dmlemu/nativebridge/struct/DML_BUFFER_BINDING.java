package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code DML_BUFFER_BINDING}: {@code ID3D12Resource* Buffer} @0 (nullable), {@code UINT64 Offset} @8,
 * {@code UINT64 SizeInBytes} @16; 24 bytes.
 */
@FieldOrder({"Buffer", "Offset", "SizeInBytes"})
public class DML_BUFFER_BINDING extends WindowsStructure {
    public Pointer Buffer;
    public long Offset;
    public long SizeInBytes;

    public DML_BUFFER_BINDING() {
    }

    public DML_BUFFER_BINDING(Pointer memory) {
        super(memory);
        read();
    }
}

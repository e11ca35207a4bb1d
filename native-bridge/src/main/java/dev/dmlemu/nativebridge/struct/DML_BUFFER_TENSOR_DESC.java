package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code DML_BUFFER_TENSOR_DESC}: DataType @0, Flags @4, DimensionCount @8, {@code const UINT* Sizes} @16,
 * {@code const UINT* Strides} @24 (null = packed), {@code UINT64 TotalTensorSizeInBytes} @32,
 * GuaranteedBaseOffsetAlignment @40; 48 bytes.
 */
@FieldOrder({"DataType", "Flags", "DimensionCount", "Sizes", "Strides", "TotalTensorSizeInBytes",
        "GuaranteedBaseOffsetAlignment"})
public class DML_BUFFER_TENSOR_DESC extends WindowsStructure {
    public int DataType;
    public int Flags;
    public int DimensionCount;
    public Pointer Sizes;
    public Pointer Strides;
    public long TotalTensorSizeInBytes;
    public int GuaranteedBaseOffsetAlignment;

    public DML_BUFFER_TENSOR_DESC() {
    }

    public DML_BUFFER_TENSOR_DESC(Pointer memory) {
        super(memory);
        read();
    }
}

package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT}: {@code BOOL IsSupported} @0; 4 bytes. */
@FieldOrder({"IsSupported"})
public class DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT extends WindowsStructure {
    public int IsSupported;

    public DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT() {
    }

    public DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT(Pointer memory) {
        super(memory);
        read();
    }
}

package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT}: {@code DML_TENSOR_DATA_TYPE DataType} @0; 4 bytes. */
@FieldOrder({"DataType"})
public class DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT extends WindowsStructure {
    public int DataType;

    public DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT() {
    }

    public DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT(Pointer memory) {
        super(memory);
        read();
    }
}

package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code DML_FEATURE_DATA_FEATURE_LEVELS}: {@code DML_FEATURE_LEVEL MaxSupportedFeatureLevel} @0; 4 bytes. */
@FieldOrder({"MaxSupportedFeatureLevel"})
public class DML_FEATURE_DATA_FEATURE_LEVELS extends WindowsStructure {
    public int MaxSupportedFeatureLevel;

    public DML_FEATURE_DATA_FEATURE_LEVELS() {
    }

    public DML_FEATURE_DATA_FEATURE_LEVELS(Pointer memory) {
        super(memory);
        read();
    }
}

package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code DML_FEATURE_QUERY_FEATURE_LEVELS}: RequestedFeatureLevelCount @0,
 * {@code const DML_FEATURE_LEVEL* RequestedFeatureLevels} @8; 16 bytes.
 */
@FieldOrder({"RequestedFeatureLevelCount", "RequestedFeatureLevels"})
public class DML_FEATURE_QUERY_FEATURE_LEVELS extends WindowsStructure {
    public int RequestedFeatureLevelCount;
    public Pointer RequestedFeatureLevels;

    public DML_FEATURE_QUERY_FEATURE_LEVELS() {
    }

    public DML_FEATURE_QUERY_FEATURE_LEVELS(Pointer memory) {
        super(memory);
        read();
    }
}

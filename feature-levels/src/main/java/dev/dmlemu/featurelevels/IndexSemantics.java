package dev.dmlemu.featurelevels;

/**
 * How the values of an IndicesTensor are read, which the validator decides from the feature level and the
 * indices data type so that the emulator and the messages agree.
 */
public enum IndexSemantics {
    /**
     * Values are unsigned: at 2_1 (UINT32 only) and for UINT32/UINT64 indices. A value at or past the axis size is
     * out of range.
     */
    UNSIGNED,
    /**
     * From {@code DML_FEATURE_LEVEL_3_0} with INT32/INT64 indices: a negative value counts from the end of the axis
     * ({@code -1} is the last element), i.e. the axis size is added once.
     */
    SIGNED_WRAP
}

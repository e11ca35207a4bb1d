package dev.dmlemu.lowering;

/**
 * What to do with data elements DirectML has no type for at the target level: 64-bit data (double, int64, uint64)
 * below {@code DML_FEATURE_LEVEL_4_1}, and complex data at any level.
 */
public enum WideElementHandling {
    /** Refuse, naming the level that accepts the type natively (or none, for complex). */
    REFUSE,
    /**
     * Gather each element as a group of UINT32 lanes (2 for 64-bit and complex64, 4 for complex128): the data gets a
     * trailing lane dimension (GatherElements: the indices are broadcast along it with stride 0; Gather: it is one more
     * dimension after the axis), and the output bytes are the framework's output bytes. The gathers only move bits,
     * so this is exact; it costs one dimension.
     */
    SPLIT_INTO_UINT32_LANES
}

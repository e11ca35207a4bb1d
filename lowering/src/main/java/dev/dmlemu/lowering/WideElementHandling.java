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
     * trailing lane dimension, the indices are broadcast along it with stride 0, and the output bytes are the
     * framework's output bytes. GatherElements only moves bits, so this is exact; it costs one dimension.
     */
    SPLIT_INTO_UINT32_LANES
}

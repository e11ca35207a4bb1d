package dev.dmlemu.lowering;

/**
 * What a GatherElements lowering does with rank-0 (scalar) data and indices, which neither framework allows and
 * DirectML cannot express. (Gather takes scalar indices as they are and refuses scalar data.)
 */
public enum RankZeroHandling {
    /** Refuse with {@link LoweringRule#RANK_ZERO}. */
    REFUSE,
    /** Treat both scalars as 1-D tensors of one element; the axis must then be 0 or -1. */
    RESHAPE_TO_1D
}

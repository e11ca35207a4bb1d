package dev.dmlemu.lowering;

/** One change the lowering made between a framework tensor and the DirectML tensor desc that views its buffer. */
public enum Adjustment {
    /** A rank-0 tensor viewed as one element of shape {@code [1]}. */
    SCALAR_AS_1D,
    /**
     * Leading dimensions of size 1 added to reach the desc's DimensionCount: the 4 dimensions DirectML takes below
     * 3_0, or (Gather) the count all three tensors share.
     */
    RANK_PADDED,
    /**
     * Neighbouring dimensions of a packed tensor merged into one, so that a Gather fits the dimensions the level
     * allows: the data's dimensions before the axis, and those after it, each become one; the indices' become one.
     * The bytes are the same; only the view changes.
     */
    DIMENSIONS_MERGED,
    /**
     * The data viewed through a window: the indices' sizes in the non-axis dimensions with the data's own packed
     * strides, because DirectML requires equal non-axis sizes.
     */
    STRIDED_WINDOW,
    /** bool bytes (0 or 1) read as UINT8. */
    BOOL_AS_UINT8,
    /** bfloat16 bits read as UINT16. */
    BFLOAT16_AS_UINT16,
    /** int32 indices read as UINT32 (the same bits; exact because they are non-negative). */
    INT32_AS_UINT32,
    /** int64 indices read as UINT32 with doubled strides: the low little-endian half of each value. */
    INT64_LOW_HALVES_AS_UINT32,
    /** Each element read as a group of UINT32 lanes along an added trailing dimension. */
    UINT32_LANES,
    /** Indices repeated along the added lane dimension with stride 0. */
    BROADCAST_ALONG_LANES,
    /** The DirectML tensor needs more bytes than the framework tensor holds (a multiple of 4): pad the buffer. */
    PADDED_TO_4_BYTES
}

package dev.dmlemu.lowering;

/**
 * The rules a lowering can refuse a node by. Each {@link Refused} names one, so a caller can branch on it and a
 * reader can find it in these docs.
 */
public enum LoweringRule {
    /** DirectML GatherElements, GatherND and ScatterND exist from {@code DML_FEATURE_LEVEL_2_1}. */
    OPERATOR_NEEDS_2_1,
    /** A dimension is negative. */
    NEGATIVE_DIMENSION,
    /** Data and indices (and a ScatterElements node's updates) must have the same rank (both frameworks). */
    RANK_MISMATCH,
    /**
     * Rank-0 data: every frontend requires data of rank >= 1 (GatherElements and GatherND: data and indices; Gather
     * takes scalar indices) and DirectML needs at least one dimension.
     */
    RANK_ZERO,
    /**
     * At 2_1 DirectML GatherElements and GatherND take exactly 4 dimensions; more need 3_0 (Gather merges dimensions
     * instead; GatherND merges what it can first).
     */
    RANK_ABOVE_4_NEEDS_3_0,
    /**
     * DirectML GatherElements and GatherND take at most 8 dimensions at any level (Gather merges dimensions instead;
     * GatherND merges what it can first, but each coordinate of its index tuple needs a dimension of its own).
     */
    RANK_ABOVE_8,
    /** OpenVINO GatherElements-6 and Gather-1 have no default axis. */
    AXIS_REQUIRED,
    /** The axis must lie in {@code [-r, r-1]}. */
    AXIS_OUT_OF_RANGE,
    /**
     * In a non-axis dimension the indices are larger than the data (ONNX) or differ from it (OpenVINO); for ONNX
     * ScatterND, a tuple longer than the data's rank is {@link #INDEX_TUPLE_LENGTH_OUT_OF_RANGE}.
     */
    INDICES_SHAPE_NOT_WITHIN_DATA,
    /** DirectML cannot express a dimension of size 0. */
    EMPTY_TENSOR,
    /** A size, stride or element count exceeds DirectML's 32-bit limits. */
    TENSOR_TOO_LARGE,
    /** The frameworks allow int32 and int64 indices only (ONNX GatherND and ScatterND: int64 only). */
    INDICES_TYPE_NOT_ALLOWED,
    /** At 2_1 indices are UINT32 only: indices that may be negative need 3_0. */
    NEGATIVE_INDICES_NEED_3_0,
    /**
     * The data type is not in the operator version's type constraint (bfloat16 needs ONNX opset 13; OpenVINO has no
     * complex type).
     */
    DATA_TYPE_NOT_IN_OPERATOR_VERSION,
    /** String data has no fixed element size; DirectML has no such type. */
    STRING_DATA,
    /** Complex data has no DirectML type (it can be split into UINT32 lanes on request). */
    COMPLEX_DATA,
    /** 64-bit data needs {@code DML_FEATURE_LEVEL_4_1} (or a split into UINT32 lanes on request). */
    DATA_64_BIT_NEEDS_4_1,
    /** DirectML Gather and ScatterElements below {@code DML_FEATURE_LEVEL_2_1} take FLOAT32 and FLOAT16 data only. */
    DATA_TYPE_NEEDS_2_1,
    /** A {@code batch_dims} given to an operator version without it (ONNX GatherND-11). */
    BATCH_DIMS_NOT_IN_OPERATOR_VERSION,
    /** GatherND's {@code batch_dims} must lie in {@code [0, min(q, r))} for data of rank r and indices of rank q. */
    BATCH_DIMS_OUT_OF_RANGE,
    /** GatherND: the first {@code batch_dims} dimensions of data and indices must be equal. */
    BATCH_DIMENSIONS_DIFFER,
    /**
     * GatherND and ScatterND: the index tuple length {@code indices.shape[-1]} must lie in {@code [1, r - batch_dims]}
     * (ScatterND has no batch dimensions).
     */
    INDEX_TUPLE_LENGTH_OUT_OF_RANGE,
    /** GatherND with {@code batch_dims > 0} lowers onto DirectML GatherND1, which exists from 3_0. */
    BATCH_DIMS_NEED_3_0,
    /** A {@code reduction} value the operator version does not define (max and min came with ONNX opset 18). */
    REDUCTION_NOT_IN_OPERATOR_VERSION,
    /**
     * A scatter with {@code reduction} add, mul, max or min: DirectML's SCATTER_ELEMENTS and SCATTER_ND only
     * overwrite, so a backend must lower such a node otherwise.
     */
    REDUCTION_NOT_SUPPORTED,
    /**
     * A scatter's updates do not have the shape its spec requires (ScatterElements: the indices' shape; ScatterND:
     * {@code indices.shape[:-1] ++ data.shape[k:]}).
     */
    UPDATES_SHAPE_MISMATCH,
    /**
     * ScatterElements indices smaller than the data outside the axis, or longer along it: legal in ONNX, but DirectML
     * SCATTER_ELEMENTS needs indices equal to the input outside the axis and no longer along it
     * (docs/directml-behaviour.md §12.3).
     */
    INDICES_SHAPE_NOT_EXPRESSIBLE,
    /** A buffer's byte length does not match its tensor's shape and element type. */
    BUFFER_SIZE_MISMATCH,
    /** An index value contradicts what the node states (a negative index where it says non-negative). */
    INDEX_CONTRADICTS_NODE,
    /** An index value cannot survive the 64-to-32-bit reinterpretation used at 2_1. */
    INDEX_NOT_REPRESENTABLE,
    /** The feature-level validator rejected the lowered desc (a lowering defect if it ever happens). */
    DESC_REJECTED_BY_VALIDATOR
}

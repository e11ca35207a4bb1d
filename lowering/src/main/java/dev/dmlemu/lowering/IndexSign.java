package dev.dmlemu.lowering;

/**
 * What the caller knows about the sign of the index values. It matters at {@code DML_FEATURE_LEVEL_2_1}, where
 * DirectML reads only UINT32 indices: signed indices can be reinterpreted as unsigned only if none is negative.
 */
public enum IndexSign {
    /** Indices may count from the end of the axis ({@code -1} is the last element), as ONNX allows. */
    MAY_BE_NEGATIVE,
    /** Every index is {@code >= 0}, as OpenVINO's spec requires and as a constant or checked tensor may show. */
    NON_NEGATIVE
}

package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;

/**
 * Lowers ONNX ScatterND-11/13/16/18 nodes onto {@code DML_SCATTER_ND_OPERATOR_DESC} (from 2_1) at a DirectML feature
 * level.
 *
 * <p>What it does, beyond passing shapes through:
 * <ul>
 *   <li>the framework's rules first: {@code reduction} "none" (add, mul, max and min are refused: DirectML's
 *       SCATTER_ND only overwrites), ranks of at least 1, a tuple length {@code k = indices.shape[-1]} in
 *       {@code [1, r]}, updates of shape {@code indices.shape[:-1] ++ data.shape[k:]}, int64 indices, bfloat16 data
 *       from opset 13;
 *   <li>{@code InputDimensionCount} and {@code IndicesDimensionCount} are the data's and the indices' own ranks; all
 *       four tensors get one DimensionCount: 4 below 3_0, from 3_0 the largest of the data's, the indices' and the
 *       updates' rank (docs/directml-behaviour.md §13.1-§13.3);
 *   <li>a node that needs more than the level allows has the indices' leading dimensions merged into one and the
 *       data's slice after the indexed dimensions into one; a tuple too long for the level is refused;
 *   <li>below 3_0 int64 indices known to be non-negative are read as their UINT32 low halves through doubled
 *       strides; negative ones need 3_0;
 *   <li>bool and bfloat16 data move as UINT8 and UINT16 bits; on request, 64-bit or complex data moves as UINT32
 *       lanes along a trailing dimension, which joins the slice ({@link LoweringOptions}).
 * </ul>
 * Everything else is refused with a {@link Refused} naming the {@link LoweringRule}. Index values (range, duplicate
 * tuples) are the framework's rule, checked by {@link FrameworkIndexCheck}.
 */
public final class ScatterNdLowering {

    private ScatterNdLowering() {}

    /** {@link #lower(ScatterNdNode, FeatureLevel, LoweringOptions)} with {@link LoweringOptions#defaults()}. */
    public static LoweringResult lower(ScatterNdNode node, FeatureLevel target) {
        return lower(node, target, LoweringOptions.defaults());
    }

    /**
     * Lowers a node's shapes and types; no data is needed.
     *
     * @param options {@link LoweringOptions#rankZero()} does not apply: scalar data or indices are always refused
     */
    public static LoweringResult lower(ScatterNdNode node, FeatureLevel target, LoweringOptions options) {
        return Refusal.lowerOrRefuse(node, target, options, () -> new ScatterNdLowerer(node, target, options).lower());
    }
}

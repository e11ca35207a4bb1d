package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;

/**
 * Lowers ONNX ScatterElements-11/13/16/18 nodes onto {@code DML_SCATTER_ELEMENTS_OPERATOR_DESC} at a DirectML
 * feature level.
 *
 * <p>What it does, beyond passing shapes through:
 * <ul>
 *   <li>the framework's rules first: {@code reduction} "none" (add, mul, max and min are refused: DirectML's
 *       SCATTER_ELEMENTS only overwrites), data, indices and updates of one rank r >= 1, an axis in {@code [-r, r-1]},
 *       updates of the indices' shape, indices no larger than the data outside the axis, int32 or int64 indices,
 *       bfloat16 data from opset 13;
 *   <li>what DirectML adds (docs/directml-behaviour.md §12.3): indices equal to the data outside the axis and no
 *       longer along it; a node with smaller indices is refused ({@link LoweringRule#INDICES_SHAPE_NOT_EXPRESSIBLE});
 *   <li>all four tensors get one DimensionCount: 4 below 3_0 (leading 1s), the rank from 3_0; a node with more
 *       dimensions than the level takes has those before the axis merged into one and those after it into one;
 *   <li>below 2_1 only FLOAT32 and FLOAT16 data; below 3_0 int64 indices known to be non-negative are read as their
 *       UINT32 low halves through doubled strides, and negative ones need 3_0;
 *   <li>bool and bfloat16 data move as UINT8 and UINT16 bits; on request, 64-bit or complex data moves as UINT32
 *       lanes along a trailing dimension, the indices repeated along it ({@link LoweringOptions}).
 * </ul>
 * Everything else is refused with a {@link Refused} naming the {@link LoweringRule}. Index values (range, duplicate
 * targets) are the framework's rule, checked by {@link FrameworkIndexCheck}.
 */
public final class ScatterElementsLowering {

    private ScatterElementsLowering() {}

    /** {@link #lower(ScatterElementsNode, FeatureLevel, LoweringOptions)} with {@link LoweringOptions#defaults()}. */
    public static LoweringResult lower(ScatterElementsNode node, FeatureLevel target) {
        return lower(node, target, LoweringOptions.defaults());
    }

    /**
     * Lowers a node's shapes and types; no data is needed.
     *
     * @param options {@link LoweringOptions#rankZero()} does not apply: scalar data is always refused
     */
    public static LoweringResult lower(ScatterElementsNode node, FeatureLevel target, LoweringOptions options) {
        return Refusal.lowerOrRefuse(node, target, options,
                () -> new ScatterElementsLowerer(node, target, options).lower());
    }
}

package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;

/**
 * Lowers ONNX GatherND-11/12/13 nodes onto {@code DML_GATHER_ND_OPERATOR_DESC} ({@code batch_dims} 0) or
 * {@code DML_GATHER_ND1_OPERATOR_DESC} ({@code batch_dims} > 0, from 3_0) at a DirectML feature level.
 *
 * <p>What it does, beyond passing shapes through (see {@link GatherNdLayout} for the dimensions):
 * <ul>
 *   <li>the framework's rules first: ranks of at least 1, {@code batch_dims} in {@code [0, min(q, r))} (and only from
 *       opset 12), equal batch dimensions, a tuple length {@code indices.shape[-1]} in {@code [1, r - batch_dims]},
 *       int64 indices;
 *   <li>{@code InputDimensionCount} and {@code IndicesDimensionCount} are the data's and the indices' own ranks, and
 *       {@code BatchDimensionCount} is {@code batch_dims}; all three tensors get one DimensionCount: 4 below 3_0, from
 *       3_0 the largest of the data's, the indices' and the output's rank;
 *   <li>a node that needs more than the level allows has its packed dimensions merged where that keeps the meaning:
 *       the batch dimensions into one, the indices' dimensions between the batch and the tuple into one, the data's
 *       slice after the indexed dimensions into one. The indexed dimensions each keep their own; a tuple too long
 *       for the level is refused;
 *   <li>below 3_0, int64 indices known to be non-negative are read as their UINT32 low halves through doubled
 *       strides, as for Gather; negative ones need 3_0, where DirectML wraps signed indices as ONNX counts them;
 *   <li>bool and bfloat16 data move as UINT8 and UINT16 bits; on request, 64-bit or complex data moves as UINT32
 *       lanes along a trailing dimension, which joins the slice ({@link LoweringOptions}).
 * </ul>
 * Everything else is refused with a {@link Refused} naming the {@link LoweringRule}; nothing is thrown for a node
 * that cannot be lowered. The rules DirectML itself applies to the lowered desc are docs/directml-behaviour.md §11.
 */
public final class GatherNdLowering {

    private GatherNdLowering() {}

    /** {@link #lower(GatherNdNode, FeatureLevel, LoweringOptions)} with {@link LoweringOptions#defaults()}. */
    public static LoweringResult lower(GatherNdNode node, FeatureLevel target) {
        return lower(node, target, LoweringOptions.defaults());
    }

    /**
     * Lowers a node's shapes and types; no data is needed.
     *
     * @param options {@link LoweringOptions#rankZero()} does not apply: scalar data or indices are always refused
     * @return the desc and binding notes, or the rule that refuses the node at {@code target}
     */
    public static LoweringResult lower(GatherNdNode node, FeatureLevel target, LoweringOptions options) {
        return Refusal.lowerOrRefuse(node, target, options, () -> new GatherNdLowerer(node, target, options).lower());
    }

    /**
     * Lowers a node together with its data, producing the buffers to bind so that executing the desc yields the
     * framework's output; as {@link GatherLowering#lowerWithBuffers} does.
     */
    public static BufferLoweringResult lowerWithBuffers(GatherNdNode node, FeatureLevel target,
            LoweringOptions options, ByteBuffer data, ByteBuffer indices) {
        return BufferLowering.lower(node, target, options, data, indices);
    }

    /** {@link #lowerWithBuffers(GatherNdNode, FeatureLevel, LoweringOptions, ByteBuffer, ByteBuffer)} with
     * {@link LoweringOptions#defaults()}. */
    public static BufferLoweringResult lowerWithBuffers(GatherNdNode node, FeatureLevel target, ByteBuffer data,
            ByteBuffer indices) {
        return lowerWithBuffers(node, target, LoweringOptions.defaults(), data, indices);
    }
}

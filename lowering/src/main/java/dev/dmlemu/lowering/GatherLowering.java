package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;

/**
 * Lowers ONNX Gather-1/11/13 and OpenVINO Gather-1 nodes onto {@code DML_GATHER_OPERATOR_DESC} at a DirectML feature
 * level.
 *
 * <p>What it does, beyond passing shapes through (see {@link GatherLayout} for the dimensions):
 * <ul>
 *   <li>a negative axis becomes DirectML's unsigned {@code Axis}, shifted by the input's leading 1s;
 *       {@code IndexDimensions} is the indices' rank (0 for a scalar index, whose tensor is all 1s);
 *   <li>all three tensors get one DimensionCount: 4 below 3_0, from 3_0 the output's rank (at least the data's and the
 *       indices'); a node that needs more than the level allows has its packed dimensions merged (the data's before
 *       the axis into one and after it into one, the indices' into one), said in the binding notes;
 *   <li>{@code Axis >= IndexDimensions - 1} in every desc: DirectML.dll 1.15.4 corrupts its heap on the others;
 *   <li>below 3_0, int32/int64 indices known to be non-negative are reinterpreted as UINT32 (int64 through doubled
 *       strides that read the low halves), as for GatherElements;
 *   <li>bool and bfloat16 data move as UINT8 and UINT16 bits; on request, 64-bit or complex data moves as UINT32
 *       lanes along a trailing dimension ({@link LoweringOptions}); below 2_1 only FLOAT32 and FLOAT16 data exist.
 * </ul>
 * Everything else is refused with a {@link Refused} naming the {@link LoweringRule}; nothing is thrown for a node
 * that cannot be lowered.
 */
public final class GatherLowering {

    private GatherLowering() {}

    /** {@link #lower(GatherNode, FeatureLevel, LoweringOptions)} with {@link LoweringOptions#defaults()}. */
    public static LoweringResult lower(GatherNode node, FeatureLevel target) {
        return lower(node, target, LoweringOptions.defaults());
    }

    /**
     * Lowers a node's shapes and types; no data is needed.
     *
     * @param options {@link LoweringOptions#rankZero()} does not apply: scalar indices always work, scalar data never
     * @return the desc and binding notes, or the rule that refuses the node at {@code target}
     */
    public static LoweringResult lower(GatherNode node, FeatureLevel target, LoweringOptions options) {
        return Refusal.lowerOrRefuse(node, target, options, () -> new GatherLowerer(node, target, options).lower());
    }

    /**
     * Lowers a node together with its data, producing the buffers to bind so that executing the desc yields the
     * framework's output. {@code data} and {@code indices} hold the tensors' bytes from their position to their
     * limit, packed and little-endian as ONNX and numpy store them; they are copied, not changed. The index values
     * are read as {@link GatherElementsLowering#lowerWithBuffers} reads them.
     */
    public static BufferLoweringResult lowerWithBuffers(GatherNode node, FeatureLevel target,
            LoweringOptions options, ByteBuffer data, ByteBuffer indices) {
        return BufferLowering.lower(node, target, options, data, indices);
    }

    /** {@link #lowerWithBuffers(GatherNode, FeatureLevel, LoweringOptions, ByteBuffer, ByteBuffer)} with
     * {@link LoweringOptions#defaults()}. */
    public static BufferLoweringResult lowerWithBuffers(GatherNode node, FeatureLevel target, ByteBuffer data,
            ByteBuffer indices) {
        return lowerWithBuffers(node, target, LoweringOptions.defaults(), data, indices);
    }
}

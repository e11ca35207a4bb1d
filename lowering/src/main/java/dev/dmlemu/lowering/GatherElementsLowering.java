package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;

/**
 * Lowers ONNX GatherElements-11/13 and OpenVINO GatherElements-6 nodes onto
 * {@code DML_GATHER_ELEMENTS_OPERATOR_DESC} at a DirectML feature level.
 *
 * <p>What it does, beyond passing shapes through:
 * <ul>
 *   <li>a negative axis becomes DirectML's unsigned {@code Axis};
 *   <li>indices smaller than the data in a non-axis dimension (legal in ONNX, rejected by DirectML) read the data
 *       through a strided window: the indices' sizes with the data's own packed strides;
 *   <li>at 2_1, tensors are padded to 4 dimensions with leading 1s, and int32/int64 indices known to be
 *       non-negative are reinterpreted as UINT32 (int64 through doubled strides that read the low halves);
 *   <li>bool and bfloat16 data move as UINT8 and UINT16 bits;
 *   <li>on request, scalars become {@code [1]} and 64-bit or complex data moves as UINT32 lanes
 *       ({@link LoweringOptions}).
 * </ul>
 * Everything else is refused with a {@link Refused} naming the {@link LoweringRule}; nothing is thrown for a node
 * that cannot be lowered.
 */
public final class GatherElementsLowering {

    private GatherElementsLowering() {}

    /** {@link #lower(GatherElementsNode, FeatureLevel, LoweringOptions)} with {@link LoweringOptions#defaults()}. */
    public static LoweringResult lower(GatherElementsNode node, FeatureLevel target) {
        return lower(node, target, LoweringOptions.defaults());
    }

    /**
     * Lowers a node's shapes and types; no data is needed.
     *
     * @return the desc and binding notes, or the rule that refuses the node at {@code target}
     */
    public static LoweringResult lower(GatherElementsNode node, FeatureLevel target, LoweringOptions options) {
        return Refusal.lowerOrRefuse(node, target, options,
                () -> new GatherElementsLowerer(node, target, options).lower());
    }

    /**
     * Lowers a node together with its data, producing the buffers to bind so that executing the desc yields the
     * framework's output. {@code data} and {@code indices} hold the tensors' bytes from their position to their
     * limit, packed and little-endian as ONNX and numpy store them; they are copied, not changed.
     *
     * <p>The index values are read: when the node says they may be negative and none is, the node is lowered as
     * {@link IndexSign#NON_NEGATIVE} (so int64 indices work at 2_1); a negative value where the node says
     * non-negative, or a value the 2_1 reinterpretation would change, is refused.
     */
    public static BufferLoweringResult lowerWithBuffers(GatherElementsNode node, FeatureLevel target,
            LoweringOptions options, ByteBuffer data, ByteBuffer indices) {
        return BufferLowering.lower(node, target, options, data, indices);
    }

    /** {@link #lowerWithBuffers(GatherElementsNode, FeatureLevel, LoweringOptions, ByteBuffer, ByteBuffer)} with
     * {@link LoweringOptions#defaults()}. */
    public static BufferLoweringResult lowerWithBuffers(GatherElementsNode node, FeatureLevel target,
            ByteBuffer data, ByteBuffer indices) {
        return lowerWithBuffers(node, target, LoweringOptions.defaults(), data, indices);
    }
}

package dev.dmlemu.lowering;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * The framework's own index rule, checked on the framework tensors before anything is lowered or dispatched: every
 * index in {@code [-s, s-1]} where the operator allows negative indices (ONNX GatherElements-11/13, Gather-11/13,
 * GatherND-11/12/13), in {@code [0, s-1]} where it does not (ONNX Gather-1, OpenVINO GatherElements-6 and Gather-1),
 * {@code s} being the size of the data dimension the index counts along ({@link FrameworkNode#indexTargets()}: the
 * axis, or for GatherND the dimension of its coordinate in the tuple). It runs on the framework's shapes, so the
 * coordinate it reports is the user's, not the padded DirectML one, and it applies on every backend.
 */
public final class FrameworkIndexCheck {

    private FrameworkIndexCheck() {}

    /**
     * The first out-of-range index in row-major order, as a message naming its coordinate, value and the allowed
     * range; empty when all are in range. The node must already have passed the lowering's shape and type rules
     * (int32/int64 indices, a valid axis or tuple length).
     */
    public static Optional<String> firstOutOfRange(FrameworkNode node, ByteBuffer indices) {
        IndexTargets targets = node.indexTargets();
        boolean negativeAllowed = node.frontend().allowsNegativeIndices();
        boolean wide = node.indicesType() == ElementType.INT64;
        ByteBuffer values = indices.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int width = wide ? 8 : 4;
        long count = values.remaining() / width;
        int base = values.position();
        for (long i = 0; i < count; i++) {
            int at = Math.toIntExact(base + i * width);
            long value = wide ? values.getLong(at) : values.getInt(at);
            long size = node.dataShape().get(targets.dimensionAt(i));
            long low = negativeAllowed ? -size : 0;
            long high = size - 1;
            if (value < low || value > high) {
                return Optional.of("indices" + IndexScan.coordinate(node.indicesShape(), i) + " = " + value
                        + " is out of range: " + targets.describe(i) + " has size " + size + ", so "
                        + node.frontend().displayName() + " indices must lie in [" + low + ", " + high
                        + "] (index policy strict; --index-policy directml shows what DirectML does)");
            }
        }
        return Optional.empty();
    }
}

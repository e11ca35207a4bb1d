package dev.dmlemu.lowering;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongUnaryOperator;

/**
 * The framework's own index rule, checked on the framework tensors before anything is lowered or dispatched: every
 * index in {@code [-s, s-1]} where the operator allows negative indices (ONNX GatherElements-11/13, Gather-11/13,
 * GatherND-11/12/13), in {@code [0, s-1]} where it does not (ONNX Gather-1, OpenVINO GatherElements-6 and Gather-1),
 * {@code s} being the size of the data dimension the index counts along ({@link FrameworkNode#indexTargets()}: the
 * axis, or for GatherND and ScatterND the dimension of its coordinate in the tuple). It runs on the framework's shapes,
 * so the coordinate it reports is the user's, not the padded DirectML one, and it applies on every backend.
 *
 * <p>For a scatter with {@code reduction} "none" the specs also ask that no two updates target one element (ONNX
 * ScatterElements-16/18: "indices should not have duplicate entries"; ScatterND: "two or more updates for the same
 * index-location is not supported", so that "the output value does not depend on the iteration order"): such a
 * node has no defined output ({@link #firstDuplicateTarget}).
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

    /**
     * The framework's index rules in the order they apply: the first out-of-range index, then, for a scatter, the
     * first duplicate target; empty when the indices satisfy both.
     */
    public static Optional<String> firstViolation(FrameworkNode node, ByteBuffer indices) {
        return firstOutOfRange(node, indices).or(() -> firstDuplicateTarget(node, indices));
    }

    /**
     * The first update, in row-major update order, whose target an earlier update already has, as a message naming
     * both and the target; empty for a gather or when every target is distinct. Every index must be in range
     * ({@link #firstOutOfRange} empty).
     */
    public static Optional<String> firstDuplicateTarget(FrameworkNode node, ByteBuffer indices) {
        Optional<WriteTargets> found = node.writeTargets();
        if (found.isEmpty()) {
            return Optional.empty();
        }
        WriteTargets targets = found.get();
        boolean wide = node.indicesType() == ElementType.INT64;
        ByteBuffer values = indices.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int width = wide ? 8 : 4;
        int base = values.position();
        LongUnaryOperator indexAt = position -> {
            int at = Math.toIntExact(base + position * width);
            return wide ? values.getLong(at) : values.getInt(at);
        };
        Map<Long, Long> firstWriteOf = new HashMap<>();
        for (long write = 0; write < targets.writeCount(); write++) {
            long target = targets.target(write, indexAt);
            Long earlier = firstWriteOf.putIfAbsent(target, write);
            if (earlier != null) {
                return Optional.of(targets.describeWrite(earlier, indexAt) + " and "
                        + targets.describeWrite(write, indexAt) + " both write " + targets.describeTarget(target)
                        + ": " + node.frontend().displayName() + " with reduction \"none\" leaves duplicate targets "
                        + "undefined (its output would depend on the order of the writes), so the node has no "
                        + "defined output (index policy strict; --index-policy directml shows what DirectML does)");
            }
        }
        return Optional.empty();
    }
}

package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Lowering with the tensors' bytes: checks them against the node and copies them into bindable buffers. */
final class BufferLowering {

    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    private BufferLowering() {}

    static BufferLoweringResult lower(FrameworkNode node, FeatureLevel target, LoweringOptions options,
            ByteBuffer data, ByteBuffer indices) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(indices, "indices");
        return lower(node, target, options, Map.of(FrameworkTensor.DATA, data, FrameworkTensor.INDICES, indices));
    }

    /** Lowers a node with the bytes of each of its inputs ({@link FrameworkNode#inputs()}). */
    static BufferLoweringResult lower(FrameworkNode node, FeatureLevel target, LoweringOptions options,
            Map<FrameworkTensor, ByteBuffer> inputs) {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(inputs, "inputs");
        if (!new HashSet<>(node.inputs()).equals(inputs.keySet())) {
            throw new IllegalArgumentException(node.frontend().displayName() + " takes the buffers " + node.inputs()
                    + ", not " + inputs.keySet());
        }
        inputs.values().forEach(buffer -> Objects.requireNonNull(buffer, "buffer"));
        ByteBuffer indices = inputs.get(FrameworkTensor.INDICES);
        // Shapes and types first, with the most permissive index sign: byte counts only mean something for a node
        // that could be lowered at all, and the sign is decided from the values below.
        LoweringResult shapesOnly = node.withIndexSign(IndexSign.NON_NEGATIVE).lower(target, options);
        if (shapesOnly instanceof Refused refused) {
            return refused;
        }
        String op = node.frontend().displayName();
        for (FrameworkTensor input : node.inputs()) {
            Optional<Refused> sizeMismatch = checkSize(op, input.name().toLowerCase(Locale.ROOT),
                    node.shapeOf(input), node.typeOf(input), inputs.get(input));
            if (sizeMismatch.isPresent()) {
                return sizeMismatch.get();
            }
        }
        IndexScan scan = IndexScan.of(node.indicesType(), indices);
        if (scan.firstNegative().isPresent() && node.indexSign() == IndexSign.NON_NEGATIVE) {
            long position = scan.firstNegative().getAsLong();
            return refuse(LoweringRule.INDEX_CONTRADICTS_NODE, op + ": " + indexAt(node, scan, position)
                    + " is negative, but the node states non-negative indices"
                    + (node.frontend().allowsNegativeIndices() ? "" : " (the operator bounds them to [0, s-1])"));
        }
        if (scan.firstNegative().isPresent() && target.isBelow(FeatureLevel.LEVEL_3_0)) {
            long position = scan.firstNegative().getAsLong();
            return refuse(LoweringRule.NEGATIVE_INDICES_NEED_3_0, op + ": " + indexAt(node, scan, position)
                    + " is negative, but at " + target.cName()
                    + " IndicesTensor is UINT32 only; negative indices need DML_FEATURE_LEVEL_3_0",
                    FeatureLevel.LEVEL_3_0);
        }
        FrameworkNode effective = scan.firstNegative().isEmpty()
                ? node.withIndexSign(IndexSign.NON_NEGATIVE) : node;
        LoweringResult result = effective.lower(target, options);
        if (result instanceof Refused refused) {
            return refused;
        }
        Lowered lowered = (Lowered) result;
        if (lowered.note(FrameworkTensor.INDICES).adjustments().contains(Adjustment.INT64_LOW_HALVES_AS_UINT32)
                && scan.max() > UINT32_MAX) {
            long position = scan.maxPosition();
            return refuse(LoweringRule.INDEX_NOT_REPRESENTABLE, op + ": " + indexAt(node, scan, position)
                    + " does not fit the UINT32 low half that " + target.cName()
                    + " reads of int64 indices (it is out of range for any axis DirectML can hold); "
                    + "DML_FEATURE_LEVEL_3_0 reads int64 indices whole", FeatureLevel.LEVEL_3_0);
        }
        Map<FrameworkTensor, ByteBuffer> copies = new EnumMap<>(FrameworkTensor.class);
        for (FrameworkTensor input : node.inputs()) {
            copies.put(input, paddedCopy(inputs.get(input), lowered.note(input)));
        }
        return new LoweredBuffers(lowered, copies);
    }

    /** {@code "indices[1, 0] = -1"}. */
    private static String indexAt(FrameworkNode node, IndexScan scan, long position) {
        return "indices" + IndexScan.coordinate(node.indicesShape(), position) + " = " + scan.valueAt(position);
    }

    private static Optional<Refused> checkSize(String op, String tensor, List<Long> shape, ElementType type,
            ByteBuffer buffer) {
        long expected = BufferTensorMath.elementCount(shape.isEmpty() ? List.of(1L) : shape) * type.sizeInBytes();
        if (buffer.remaining() == expected) {
            return Optional.empty();
        }
        return Optional.of(refuse(LoweringRule.BUFFER_SIZE_MISMATCH, op + ": the " + tensor + " buffer holds "
                + buffer.remaining() + " bytes, but " + type + " " + shape + " takes " + expected));
    }

    private static ByteBuffer paddedCopy(ByteBuffer source, BindingNote note) {
        long size = Math.max(BufferTensorMath.roundUpToMultipleOf4(source.remaining()), note.bindingSizeInBytes());
        ByteBuffer copy = ByteBuffer.allocate(Math.toIntExact(size)).order(ByteOrder.LITTLE_ENDIAN);
        copy.put(source.duplicate());
        return copy.clear();
    }

    private static Refused refuse(LoweringRule rule, String detail) {
        return Refusal.of(rule, null, detail).refused();
    }

    private static Refused refuse(LoweringRule rule, String detail, FeatureLevel acceptingLevel) {
        return Refusal.of(rule, acceptingLevel, detail).refused();
    }
}

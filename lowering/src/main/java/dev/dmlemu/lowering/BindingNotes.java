package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Writes the {@link BindingNote}s of one lowering. */
final class BindingNotes {

    /** What a lowering changed in one tensor field's view of its framework buffer, and anything more to say. */
    record FieldView(List<Adjustment> adjustments, String extra) {
        FieldView {
            adjustments = List.copyOf(adjustments);
        }
    }

    private BindingNotes() {}

    /**
     * One note per tensor field of {@code desc}, in field order, bound to the node's {@link FrameworkNode#inputs()}
     * and then the output (InputTensor, IndicesTensor, OutputTensor for a gather; UpdatesTensor before OutputTensor
     * for a scatter).
     *
     * @param views the adjustments of each field, in the same order
     * @throws IllegalArgumentException if the desc, the node's tensors and the views differ in number
     */
    static List<BindingNote> of(FrameworkNode node, OperatorDesc desc, List<FieldView> views) {
        List<TensorField> fields = desc.tensorFields();
        List<FrameworkTensor> sources = new ArrayList<>(node.inputs());
        sources.add(FrameworkTensor.OUTPUT);
        if (fields.size() != sources.size() || views.size() != sources.size()) {
            throw new IllegalArgumentException(desc.operatorType() + " has " + fields.size() + " tensor fields, the "
                    + "node " + sources + " and " + views.size() + " views");
        }
        List<BindingNote> notes = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            FieldView view = views.get(i);
            FrameworkTensor source = sources.get(i);
            long sourceBytes = bytes(node.shapeOf(source), node.typeOf(source));
            String extra = source == FrameworkTensor.OUTPUT
                    ? join(view.extra(), "the framework's output is the first " + sourceBytes + " bytes")
                    : view.extra();
            notes.add(note(fields.get(i).name(), source, sourceBytes, (BufferTensorDesc) fields.get(i).desc(),
                    new ArrayList<>(view.adjustments()), extra));
        }
        return notes;
    }

    private static String join(String first, String second) {
        return first.isEmpty() ? second : first + "; " + second;
    }

    private static BindingNote note(String field, FrameworkTensor source, long sourceBytes, BufferTensorDesc desc,
            List<Adjustment> adjustments, String extra) {
        long bindingBytes = desc.totalTensorSizeInBytes();
        if (bindingBytes > sourceBytes) {
            adjustments.add(Adjustment.PADDED_TO_4_BYTES);
        }
        StringBuilder text = new StringBuilder()
                .append(field).append(": bind the ").append(source.name().toLowerCase(Locale.ROOT))
                .append(" buffer at offset 0 (").append(sourceBytes).append(" bytes) as ")
                .append(desc.dataType().name()).append(' ').append(desc.sizes());
        desc.strides().ifPresent(strides -> text.append(" strides ").append(strides));
        if (!adjustments.isEmpty()) {
            text.append("; ").append(adjustments.stream().map(adjustment -> describe(adjustment, desc))
                    .collect(Collectors.joining("; ")));
        }
        if (!extra.isEmpty()) {
            text.append("; ").append(extra);
        }
        if (bindingBytes > sourceBytes) {
            text.append("; the binding must span TotalTensorSizeInBytes = ").append(bindingBytes)
                    .append(" bytes, so pad the buffer");
        }
        return new BindingNote(field, source, 0, sourceBytes, bindingBytes, adjustments, text.toString());
    }

    private static String describe(Adjustment adjustment, BufferTensorDesc desc) {
        return switch (adjustment) {
            case SCALAR_AS_1D -> "the scalar is viewed as shape [1]";
            case RANK_PADDED -> "leading 1s pad it to " + desc.dimensionCount() + " dimensions";
            case DIMENSIONS_MERGED -> "neighbouring dimensions merged (the same bytes, fewer dimensions)";
            case STRIDED_WINDOW -> "strided window";
            case BOOL_AS_UINT8 -> "bool bytes read as UINT8";
            case BFLOAT16_AS_UINT16 -> "bfloat16 bits read as UINT16";
            case INT32_AS_UINT32 -> "non-negative int32 values read as UINT32 (same bits)";
            case INT64_LOW_HALVES_AS_UINT32 -> "int64 values read as the UINT32 low halves (doubled strides)";
            case UINT32_LANES -> "each element moved as UINT32 lanes along a trailing dimension";
            case BROADCAST_ALONG_LANES -> "indices repeated along the lane dimension (stride 0)";
            case PADDED_TO_4_BYTES -> "DirectML rounds the tensor up to a multiple of 4 bytes";
        };
    }

    /** Bytes a packed framework tensor occupies; the lowering has already bounded the element count. */
    static long bytes(List<Long> shape, ElementType type) {
        long count = 1;
        for (long size : shape) {
            count = Math.multiplyExact(count, size);
        }
        return Math.multiplyExact(count, type.sizeInBytes());
    }
}

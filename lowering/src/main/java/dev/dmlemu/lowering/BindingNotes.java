package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Writes the {@link BindingNote}s of one lowering. */
final class BindingNotes {

    private final GatherElementsNode node;
    private final boolean scalar;
    private final int padding;
    private final DataTypeMapping data;
    private final boolean windowed;
    private final boolean lowHalves;
    private final boolean indicesAsUint32;

    BindingNotes(GatherElementsNode node, boolean scalar, int padding, DataTypeMapping data, boolean windowed,
            boolean lowHalves, boolean indicesAsUint32) {
        this.node = node;
        this.scalar = scalar;
        this.padding = padding;
        this.data = data;
        this.windowed = windowed;
        this.lowHalves = lowHalves;
        this.indicesAsUint32 = indicesAsUint32;
    }

    List<BindingNote> notes(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc output) {
        long dataBytes = bytes(node.dataShape(), node.dataType());
        long indicesBytes = bytes(node.indicesShape(), node.indicesType());
        long outputBytes = bytes(node.indicesShape(), node.dataType());

        List<Adjustment> inputAdjustments = common();
        if (windowed) {
            inputAdjustments.add(Adjustment.STRIDED_WINDOW);
        }
        data.adjustment().ifPresent(inputAdjustments::add);
        List<Adjustment> indicesAdjustments = common();
        if (lowHalves) {
            indicesAdjustments.add(Adjustment.INT64_LOW_HALVES_AS_UINT32);
        } else if (indicesAsUint32) {
            indicesAdjustments.add(Adjustment.INT32_AS_UINT32);
        }
        if (data.splitsIntoLanes()) {
            indicesAdjustments.add(Adjustment.BROADCAST_ALONG_LANES);
        }
        List<Adjustment> outputAdjustments = common();
        data.adjustment().ifPresent(outputAdjustments::add);

        return List.of(
                note(GatherElementsOperatorDesc.INPUT_TENSOR, FrameworkTensor.DATA, dataBytes, input,
                        inputAdjustments, windowed ? "reads a window of the data: the indices' sizes outside the "
                                + "axis with the data's packed strides " + input.effectiveStrides() : ""),
                note(GatherElementsOperatorDesc.INDICES_TENSOR, FrameworkTensor.INDICES, indicesBytes, indices,
                        indicesAdjustments, ""),
                note(GatherElementsOperatorDesc.OUTPUT_TENSOR, FrameworkTensor.OUTPUT, outputBytes, output,
                        outputAdjustments, "the framework's output is the first " + outputBytes + " bytes"));
    }

    private List<Adjustment> common() {
        List<Adjustment> adjustments = new ArrayList<>();
        if (scalar) {
            adjustments.add(Adjustment.SCALAR_AS_1D);
        }
        if (data.splitsIntoLanes()) {
            adjustments.add(Adjustment.UINT32_LANES);
        }
        if (padding > 0) {
            adjustments.add(Adjustment.RANK_PADDED);
        }
        return adjustments;
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
            text.append("; ").append(adjustments.stream().map(BindingNotes::describe)
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

    private static String describe(Adjustment adjustment) {
        return switch (adjustment) {
            case SCALAR_AS_1D -> "the scalar is viewed as shape [1]";
            case RANK_PADDED -> "leading 1s pad it to 4 dimensions";
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

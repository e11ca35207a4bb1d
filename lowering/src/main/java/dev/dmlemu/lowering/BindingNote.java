package dev.dmlemu.lowering;

import java.util.List;
import java.util.Objects;

/**
 * How to bind one tensor field of the lowered desc to the caller's framework buffer.
 *
 * @param tensorField the desc's C field name ({@code InputTensor}, {@code IndicesTensor}, {@code OutputTensor})
 * @param source the framework tensor whose buffer is bound (little-endian, packed, as ONNX stores it)
 * @param byteOffset where the DirectML tensor starts in that buffer ({@code DML_BUFFER_BINDING.Offset})
 * @param sourceSizeInBytes bytes the framework tensor occupies
 * @param bindingSizeInBytes the minimum {@code DML_BUFFER_BINDING.SizeInBytes}: the desc's
 *     {@code TotalTensorSizeInBytes}, which may exceed {@code sourceSizeInBytes} (see
 *     {@link Adjustment#PADDED_TO_4_BYTES}); for the output, the framework's result is its first
 *     {@code sourceSizeInBytes} bytes
 * @param adjustments what differs between the framework tensor and the DirectML view of it, in the order applied
 * @param text the same in one sentence, for people
 */
public record BindingNote(
        String tensorField,
        FrameworkTensor source,
        long byteOffset,
        long sourceSizeInBytes,
        long bindingSizeInBytes,
        List<Adjustment> adjustments,
        String text) {

    public BindingNote {
        Objects.requireNonNull(tensorField, "tensorField");
        Objects.requireNonNull(source, "source");
        adjustments = List.copyOf(Objects.requireNonNull(adjustments, "adjustments"));
        Objects.requireNonNull(text, "text");
    }
}

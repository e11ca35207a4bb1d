package dev.dmlemu.emulator;

/**
 * What the emulator does with an index outside {@code [-axisSize, axisSize)} (signed indices, feature level 3_0 and
 * later) or {@code [0, axisSize)} (unsigned). In-range indices give the plain GatherElements formula under every
 * policy; the policies differ only for out-of-range values, which DirectML does not specify for GatherElements.
 */
public enum IndexPolicy {
    /**
     * What the real DirectML.dll 1.15.4 does, as measured (docs/directml-behaviour.md §7.1): the index is read as
     * signed 64-bit (UINT64 too), a negative value gets the axis size added once, only its low 32 bits are kept, a
     * size-1 input axis ignores it, the element offset is summed with the input strides modulo 2^32, an offset past
     * the buffer declared by {@code TotalTensorSizeInBytes} is clamped to its last element, and an element that does
     * not lie wholly inside {@code TotalTensorSizeInBytes} reads as zero. The read can land in a neighbouring row:
     * this is not a per-axis clamp.
     */
    DIRECTML,
    /**
     * ONNX Runtime's CPU behaviour: the first out-of-range index in row-major output order is reported with its
     * output coordinate and value ({@link IndexOutOfRangeException}) and nothing is written.
     */
    STRICT,
    /**
     * A per-axis clamp, which WebNN's conformance tests expect: after the negative wrap, an index below 0 reads
     * position 0 and an index at or past the axis size reads the last position along the axis.
     */
    CLAMP_AXIS
}

package dev.dmlemu.lowering;

/**
 * The outcome of {@link FrameworkNode#lowerWithBuffers}: a desc with the buffers to bind, or a refusal
 * (the node's rules, or a buffer or index value that does not fit the node).
 */
public sealed interface BufferLoweringResult permits LoweredBuffers, Refused {
}

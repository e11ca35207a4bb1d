package dev.dmlemu.execution;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * {@code DML_BUFFER_BINDING} for a Java buffer: the tensor's bytes are {@code buffer[offset, offset + sizeInBytes)},
 * little-endian whatever the buffer's own byte order. The size must be at least the tensor's
 * {@code TotalTensorSizeInBytes}; the range must lie inside the buffer's capacity. Outputs need a writable buffer.
 */
public record BufferBinding(ByteBuffer buffer, long offset, long sizeInBytes) implements TensorBinding {

    public BufferBinding {
        Objects.requireNonNull(buffer, "buffer");
        if (offset < 0 || sizeInBytes < 0) {
            throw new IllegalArgumentException("negative binding offset " + offset + " or size " + sizeInBytes);
        }
    }

    /** The whole buffer, from 0 to its capacity. */
    public static BufferBinding of(ByteBuffer buffer) {
        return new BufferBinding(buffer, 0, buffer.capacity());
    }
}

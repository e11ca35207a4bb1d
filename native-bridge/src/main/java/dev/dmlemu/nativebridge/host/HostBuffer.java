package dev.dmlemu.nativebridge.host;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;

/**
 * One device buffer of an EXECUTE: {@code byteSize} bytes, starting as {@code upload} (then exactly
 * {@code byteSize} bytes) or as whatever the host zeroes it to, and read back after the dispatch when asked.
 */
public record HostBuffer(long byteSize, Optional<ByteBuffer> upload, boolean readBack) {

    public HostBuffer {
        Objects.requireNonNull(upload, "upload");
        if (byteSize < 0) {
            throw new IllegalArgumentException("negative buffer size " + byteSize);
        }
        if (upload.isPresent() && upload.get().remaining() != byteSize) {
            throw new IllegalArgumentException("the upload has " + upload.get().remaining() + " bytes, the buffer "
                    + byteSize);
        }
    }

    /** A buffer holding {@code bytes} (position to limit). */
    public static HostBuffer of(ByteBuffer bytes, boolean readBack) {
        return new HostBuffer(bytes.remaining(), Optional.of(bytes.slice()), readBack);
    }
}

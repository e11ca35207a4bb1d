package dev.dmlemu.nativebridge.host;

/**
 * {@code DML_BUFFER_BINDING} by buffer index: bytes {@code [offset, offset + size)} of buffer {@code bufferIndex},
 * or {@link #none()}.
 */
public record HostBinding(int bufferIndex, long offset, long size) {

    public HostBinding {
        if (offset < 0 || size < 0) {
            throw new IllegalArgumentException("negative binding offset " + offset + " or size " + size);
        }
    }

    /** No buffer bound (an optional tensor left out). */
    public static HostBinding none() {
        return new HostBinding(HostProtocol.NO_BUFFER, 0, 0);
    }

    public boolean bound() {
        return bufferIndex != HostProtocol.NO_BUFFER;
    }
}

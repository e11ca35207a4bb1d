package dev.dmlemu.testkit;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * A tensor's bytes as a backend sees them bound: little-endian (DirectML's order), starting at {@code offset} inside
 * {@code bytes}, like a binding's Offset. The array is shared, not copied; the kit never writes into one it was given.
 */
public record TensorBytes(byte[] bytes, int offset) {

    public TensorBytes {
        Objects.requireNonNull(bytes, "bytes");
        if (offset < 0 || offset > bytes.length) {
            throw new IllegalArgumentException("offset " + offset + " outside " + bytes.length + " bytes");
        }
    }

    /** A tensor that starts at the first byte. */
    public static TensorBytes of(byte[] bytes) {
        return new TensorBytes(bytes, 0);
    }

    /**
     * {@code bytes} bytes of 0x7F, the probes' output before a run: a value no kernel writes by chance, so an element
     * left unwritten shows.
     */
    public static TensorBytes unwritten(long bytes) {
        byte[] filled = new byte[Math.toIntExact(bytes)];
        Arrays.fill(filled, (byte) 0x7F);
        return of(filled);
    }

    /** A tensor that starts at the first byte, holding a copy of the buffer's bytes from 0 to its limit. */
    public static TensorBytes copyOf(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.limit()];
        buffer.duplicate().position(0).get(bytes);
        return of(bytes);
    }

    /** A little-endian heap buffer over a copy of the whole array (offset included), ready to bind. */
    public ByteBuffer toBuffer() {
        return ByteBuffer.wrap(bytes.clone()).order(ByteOrder.LITTLE_ENDIAN);
    }
}

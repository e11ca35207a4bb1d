package dev.dmlemu.nativebridge.host;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Reads a response payload field by field, refusing to read past its end (a broken or hostile host). */
final class PayloadReader {

    private final ByteBuffer buffer;
    private final String what;

    PayloadReader(byte[] payload, String what) {
        this.buffer = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
        this.what = what;
    }

    int u32() {
        need(4);
        return buffer.getInt();
    }

    long u64() {
        need(8);
        return buffer.getLong();
    }

    /** {@code u32 byteLength} + UTF-8. */
    String string() {
        long length = Integer.toUnsignedLong(u32());
        need(length);
        byte[] bytes = new byte[(int) length];
        buffer.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** {@code length} raw bytes. */
    byte[] bytes(long length) {
        need(length);
        byte[] bytes = new byte[(int) length];
        buffer.get(bytes);
        return bytes;
    }

    void end() {
        if (buffer.hasRemaining()) {
            throw new HostProtocolException(what + " response has " + buffer.remaining() + " bytes more than expected");
        }
    }

    private void need(long bytes) {
        if (bytes < 0 || bytes > buffer.remaining()) {
            throw new HostProtocolException(what + " response ends early: needs " + Long.toUnsignedString(bytes)
                    + " more bytes, has " + buffer.remaining());
        }
    }
}

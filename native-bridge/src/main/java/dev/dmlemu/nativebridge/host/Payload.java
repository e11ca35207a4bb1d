package dev.dmlemu.nativebridge.host;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A request payload built from parts without copying tensor bytes: small little-endian fields go into a scratch
 * buffer, large byte ranges are kept as views and written as they are. The total is overflow-checked and bounded by
 * {@link HostProtocol#MAX_PAYLOAD}.
 */
final class Payload {

    private final List<ByteBuffer> parts = new ArrayList<>();
    private ByteBuffer scratch = newScratch();
    private long length;

    Payload u32(int value) {
        room(4).putInt(value);
        return grow(4);
    }

    Payload u64(long value) {
        room(8).putLong(value);
        return grow(8);
    }

    /** Appends {@code bytes} (its position to limit) without copying them. */
    Payload bytes(ByteBuffer bytes) {
        flushScratch();
        ByteBuffer view = bytes.slice();
        parts.add(view);
        return grow(view.remaining());
    }

    Payload bytes(byte[] bytes) {
        return bytes(ByteBuffer.wrap(bytes));
    }

    long length() {
        return length;
    }

    void writeTo(OutputStream out) throws IOException {
        flushScratch();
        byte[] chunk = new byte[64 * 1024];
        for (ByteBuffer part : parts) {
            ByteBuffer view = part.duplicate();
            if (view.hasArray()) {
                out.write(view.array(), view.arrayOffset() + view.position(), view.remaining());
                continue;
            }
            while (view.hasRemaining()) {
                int n = Math.min(chunk.length, view.remaining());
                view.get(chunk, 0, n);
                out.write(chunk, 0, n);
            }
        }
    }

    private Payload grow(long bytes) {
        length = Math.addExact(length, bytes);
        if (length > HostProtocol.MAX_PAYLOAD) {
            throw new HostProtocolException("request payload of more than " + HostProtocol.MAX_PAYLOAD
                    + " bytes: the host's limit");
        }
        return this;
    }

    private ByteBuffer room(int bytes) {
        if (scratch.remaining() < bytes) {
            flushScratch();
        }
        return scratch;
    }

    private void flushScratch() {
        if (scratch.position() > 0) {
            parts.add(scratch.flip());
            scratch = newScratch();
        }
    }

    private static ByteBuffer newScratch() {
        return ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
    }
}

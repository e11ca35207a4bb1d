package dev.dmlemu.nativebridge.com;

import com.sun.jna.Memory;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A COM GUID (interface id) in its canonical text form, e.g. {@code 6dbd6437-96fd-423f-a98c-ae5e7c2a573f}.
 *
 * <p>In memory (what a {@code REFIID} points to) it is 16 bytes: {@code Data1} as a little-endian u32,
 * {@code Data2} and {@code Data3} as little-endian u16, then the 8 bytes of {@code Data4} as written.
 *
 * @param text the canonical lower-case form, 8-4-4-4-12 hex digits
 */
public record Guid(String text) {

    private static final Pattern CANONICAL =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    public Guid {
        Objects.requireNonNull(text, "text");
        text = text.strip().toLowerCase(Locale.ROOT);
        if (text.startsWith("{") && text.endsWith("}")) {
            text = text.substring(1, text.length() - 1);
        }
        if (!CANONICAL.matcher(text).matches()) {
            throw new IllegalArgumentException("not a GUID (want xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx): " + text);
        }
    }

    public static Guid of(String text) {
        return new Guid(text);
    }

    /** The 16 bytes of the C {@code GUID} struct, as they lie in memory on a little-endian machine. */
    public byte[] toBytes() {
        String hex = text.replace("-", "");
        byte[] bytes = new byte[16];
        // Data1 (u32), Data2 (u16), Data3 (u16) are little-endian; Data4 is a byte array kept in order.
        putReversed(hex, 0, 4, bytes, 0);
        putReversed(hex, 8, 2, bytes, 4);
        putReversed(hex, 12, 2, bytes, 6);
        for (int i = 0; i < 8; i++) {
            bytes[8 + i] = (byte) Integer.parseInt(hex.substring(16 + 2 * i, 18 + 2 * i), 16);
        }
        return bytes;
    }

    /** The GUID whose in-memory bytes are {@code bytes} (the inverse of {@link #toBytes()}). */
    public static Guid fromBytes(byte[] bytes) {
        if (bytes.length != 16) {
            throw new IllegalArgumentException("a GUID has 16 bytes, not " + bytes.length);
        }
        StringBuilder hex = new StringBuilder(36);
        appendReversed(hex, bytes, 0, 4);
        hex.append('-');
        appendReversed(hex, bytes, 4, 2);
        hex.append('-');
        appendReversed(hex, bytes, 6, 2);
        hex.append('-');
        for (int i = 8; i < 16; i++) {
            if (i == 10) {
                hex.append('-');
            }
            hex.append(String.format("%02x", bytes[i] & 0xFF));
        }
        return new Guid(hex.toString());
    }

    private static void appendReversed(StringBuilder hex, byte[] bytes, int start, int count) {
        for (int i = start + count - 1; i >= start; i--) {
            hex.append(String.format("%02x", bytes[i] & 0xFF));
        }
    }

    /** A fresh 16-byte native copy, for passing as {@code REFIID}; keep it reachable until the call returns. */
    public Memory toNative() {
        Memory memory = new Memory(16);
        memory.write(0, toBytes(), 0, 16);
        return memory;
    }

    private static void putReversed(String hex, int hexStart, int byteCount, byte[] out, int outStart) {
        for (int i = 0; i < byteCount; i++) {
            int hexPos = hexStart + 2 * (byteCount - 1 - i);
            out[outStart + i] = (byte) Integer.parseInt(hex.substring(hexPos, hexPos + 2), 16);
        }
    }

    @Override
    public String toString() {
        return text;
    }
}

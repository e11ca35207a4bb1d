package dev.dmlemu.emulator;

import java.nio.ByteBuffer;

/** One element moved between little-endian views as raw bytes, never converted: what every slice walk does. */
public final class ElementCopy {

    private ElementCopy() {}

    /** Copies one element of {@code elementSize} bytes (1, 2, 4 or 8) from {@code in} to {@code out}. */
    public static void copy(int elementSize, ByteBuffer in, int inAt, ByteBuffer out, int outAt) {
        switch (elementSize) {
            case 1 -> out.put(outAt, in.get(inAt));
            case 2 -> out.putShort(outAt, in.getShort(inAt));
            case 4 -> out.putInt(outAt, in.getInt(inAt));
            default -> out.putLong(outAt, in.getLong(inAt));
        }
    }
}

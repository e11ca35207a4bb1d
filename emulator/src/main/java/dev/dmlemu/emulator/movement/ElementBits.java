package dev.dmlemu.emulator.movement;

import java.nio.ByteBuffer;

/** An element of 1, 2, 4 or 8 bytes read as raw bits (zero-extended) and written back, little-endian views. */
final class ElementBits {

    private ElementBits() {}

    static long get(ByteBuffer buffer, int at, int size) {
        return switch (size) {
            case 1 -> buffer.get(at) & 0xFFL;
            case 2 -> buffer.getShort(at) & 0xFFFFL;
            case 4 -> buffer.getInt(at) & 0xFFFF_FFFFL;
            default -> buffer.getLong(at);
        };
    }

    static void put(ByteBuffer buffer, int at, int size, long bits) {
        switch (size) {
            case 1 -> buffer.put(at, (byte) bits);
            case 2 -> buffer.putShort(at, (short) bits);
            case 4 -> buffer.putInt(at, (int) bits);
            default -> buffer.putLong(at, bits);
        }
    }
}

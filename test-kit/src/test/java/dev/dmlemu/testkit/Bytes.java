package dev.dmlemu.testkit;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Little-endian arrays for hand-written cases, and floats read back out of them. */
final class Bytes {

    private Bytes() {}

    static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    /** 1, 2, ..., n as FLOAT32, the input of the docs example and of the recorded probes. */
    static byte[] oneTo(int n) {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = i + 1;
        }
        return floats(values);
    }

    /** One byte per value, as UINT8 or INT8 data. */
    static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    static byte[] ints(long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putInt((int) v);
        }
        return b.array();
    }

    static byte[] longs(long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    /** The first {@code count} FLOAT32 elements of an array. */
    static float[] floatsOf(byte[] bytes, int count) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = b.getFloat(4 * i);
        }
        return values;
    }
}

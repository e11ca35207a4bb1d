package dev.dmlemu.lowering;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Test buffers written and read element by element, little-endian. */
final class LittleEndian {

    private LittleEndian() {}

    static ByteBuffer floats(float... values) {
        ByteBuffer buffer = allocate(values.length * 4);
        for (float value : values) {
            buffer.putFloat(value);
        }
        return buffer.flip();
    }

    static ByteBuffer int32s(long... values) {
        ByteBuffer buffer = allocate(values.length * 4);
        for (long value : values) {
            buffer.putInt(Math.toIntExact(value));
        }
        return buffer.flip();
    }

    static ByteBuffer int64s(long... values) {
        ByteBuffer buffer = allocate(values.length * 8);
        for (long value : values) {
            buffer.putLong(value);
        }
        return buffer.flip();
    }

    /** Indices of {@code type} (int32 or int64). */
    static ByteBuffer indices(ElementType type, long... values) {
        return type == ElementType.INT64 ? int64s(values) : int32s(values);
    }

    /** Index values as {@code bytesPerValue}-byte (4 or 8) little-endian integers. */
    static byte[] indexBytes(long[] values, int bytesPerValue) {
        ByteBuffer buffer = allocate(values.length * bytesPerValue);
        for (long value : values) {
            if (bytesPerValue == 8) {
                buffer.putLong(value);
            } else {
                buffer.putInt((int) value);
            }
        }
        return buffer.array();
    }

    static float[] readFloats(ByteBuffer buffer) {
        ByteBuffer view = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[view.remaining() / 4];
        for (int i = 0; i < values.length; i++) {
            values[i] = view.getFloat();
        }
        return values;
    }

    static int[] readInt32s(ByteBuffer buffer) {
        ByteBuffer view = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int[] values = new int[view.remaining() / 4];
        for (int i = 0; i < values.length; i++) {
            values[i] = view.getInt();
        }
        return values;
    }

    static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static ByteBuffer allocate(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}

package dev.dmlemu.nativebridge;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Test fixture: the little-endian FLOAT32 and UINT32 buffers the backends' tests bind, and reading them back. */
final class LittleEndianBuffers {

    private LittleEndianBuffers() {
    }

    static ByteBuffer floats(float... values) {
        ByteBuffer buffer = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            buffer.putFloat(value);
        }
        return buffer.flip();
    }

    static ByteBuffer uints(int... values) {
        ByteBuffer buffer = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int value : values) {
            buffer.putInt(value);
        }
        return buffer.flip();
    }

    /** Every FLOAT32 of the buffer's whole capacity, whatever its position and byte order. */
    static float[] readFloats(ByteBuffer buffer) {
        ByteBuffer view = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[view.capacity() / 4];
        for (int i = 0; i < values.length; i++) {
            values[i] = view.getFloat(4 * i);
        }
        return values;
    }
}

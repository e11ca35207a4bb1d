package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Expected {@link EncodedValues} from hand-written bit patterns, built without the code under test. */
final class Encoded {

    private Encoded() {}

    static EncodedValues float32(float... values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            bytes.putFloat(value);
        }
        return new EncodedValues(TensorDataType.FLOAT32, values.length, bytes.flip());
    }

    static EncodedValues float16Bits(int... bits) {
        ByteBuffer bytes = ByteBuffer.allocate(bits.length * 2).order(ByteOrder.LITTLE_ENDIAN);
        for (int b : bits) {
            bytes.putShort((short) b);
        }
        return new EncodedValues(TensorDataType.FLOAT16, bits.length, bytes.flip());
    }

    static EncodedValues longBits(TensorDataType type, long... bits) {
        ByteBuffer bytes = ByteBuffer.allocate(bits.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long b : bits) {
            bytes.putLong(b);
        }
        return new EncodedValues(type, bits.length, bytes.flip());
    }

    static EncodedValues bytes(TensorDataType type, long count, int... bytes) {
        ByteBuffer buffer = ByteBuffer.allocate(bytes.length);
        for (int b : bytes) {
            buffer.put((byte) b);
        }
        return new EncodedValues(type, count, buffer.flip());
    }
}

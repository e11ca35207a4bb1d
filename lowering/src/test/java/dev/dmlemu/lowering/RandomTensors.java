package dev.dmlemu.lowering;

import java.util.Random;

/** Random tensor contents for the property tests: data bytes of any type, and index values within an axis. */
final class RandomTensors {

    private RandomTensors() {}

    /** {@code count} random elements of {@code type}; bool bytes are 0 or 1, as the frameworks store them. */
    static byte[] data(Random random, int count, ElementType type) {
        byte[] bytes = new byte[count * type.sizeInBytes()];
        random.nextBytes(bytes);
        if (type == ElementType.BOOL) {
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] &= 1;
            }
        }
        return bytes;
    }

    /** {@code count} indices in {@code [-size, size-1]} when negative ones are allowed, else in {@code [0, size-1]}. */
    static long[] indices(Random random, int count, int size, boolean allowNegative) {
        long[] values = new long[count];
        for (int i = 0; i < count; i++) {
            values[i] = allowNegative ? random.nextInt(2 * size) - size : random.nextInt(size);
        }
        return values;
    }

    static boolean anyNegative(long[] values) {
        for (long value : values) {
            if (value < 0) {
                return true;
            }
        }
        return false;
    }
}

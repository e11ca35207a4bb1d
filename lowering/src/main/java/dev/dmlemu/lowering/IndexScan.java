package dev.dmlemu.lowering;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/** What the lowering needs to know of index values: the first negative one and the largest one. */
record IndexScan(ByteBuffer values, ElementType type, OptionalLong firstNegative, long max, long maxPosition) {

    /** Scans little-endian int32 or int64 values from {@code buffer}'s position to its limit. */
    static IndexScan of(ElementType type, ByteBuffer buffer) {
        ByteBuffer values = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int size = type.sizeInBytes();
        long count = values.remaining() / size;
        OptionalLong firstNegative = OptionalLong.empty();
        long max = Long.MIN_VALUE;
        long maxPosition = -1;
        int base = values.position();
        for (long i = 0; i < count; i++) {
            long value = read(values, type, base + i * size);
            if (value < 0 && firstNegative.isEmpty()) {
                firstNegative = OptionalLong.of(i);
            }
            if (value > max) {
                max = value;
                maxPosition = i;
            }
        }
        return new IndexScan(values, type, firstNegative, max, maxPosition);
    }

    long valueAt(long position) {
        return read(values, type, values.position() + position * type.sizeInBytes());
    }

    /**
     * {@code "[1, 0, 2]"} for a flat position in a packed shape, as messages write an element's coordinate after the
     * tensor's name; empty for a scalar.
     */
    static String coordinate(List<Long> shape, long flat) {
        if (shape.isEmpty()) {
            return "";
        }
        List<Long> coordinate = new ArrayList<>();
        long rest = flat;
        for (int i = shape.size() - 1; i >= 0; i--) {
            coordinate.add(0, rest % shape.get(i));
            rest /= shape.get(i);
        }
        return coordinate.toString();
    }

    private static long read(ByteBuffer values, ElementType type, long byteIndex) {
        int index = Math.toIntExact(byteIndex);
        return type == ElementType.INT64 ? values.getLong(index) : values.getInt(index);
    }
}

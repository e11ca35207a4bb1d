package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;

/**
 * How the selection references compare elements: FLOAT32 as Java floats (a NaN compares false, -0.0 equals +0.0),
 * integers as their values, signed or unsigned by type.
 */
final class SelectionOrder {

    private final TensorDataType type;

    SelectionOrder(TensorDataType type) {
        this.type = type;
    }

    /** {@code a > b}. */
    boolean above(long a, long b) {
        return compare(a, b) > 0 && !unordered(a, b);
    }

    /** {@code a >= b}. */
    boolean atOrAbove(long a, long b) {
        return compare(a, b) >= 0 && !unordered(a, b);
    }

    /** {@code a < b}. */
    boolean below(long a, long b) {
        return compare(a, b) < 0 && !unordered(a, b);
    }

    /** {@code a <= b}. */
    boolean atOrBelow(long a, long b) {
        return compare(a, b) <= 0 && !unordered(a, b);
    }

    boolean nan(long a) {
        return type == TensorDataType.FLOAT32 && Float.isNaN(Float.intBitsToFloat((int) a));
    }

    private boolean unordered(long a, long b) {
        return nan(a) || nan(b);
    }

    /** Ordered elements only (NaNs are screened by the callers); -0.0 and +0.0 compare equal. */
    private int compare(long a, long b) {
        int width = type.sizeInBytes() * 8;
        return switch (type) {
            case FLOAT32 -> {
                float x = Float.intBitsToFloat((int) a);
                float y = Float.intBitsToFloat((int) b);
                yield x < y ? -1 : x > y ? 1 : 0;
            }
            case INT8, INT16, INT32, INT64 -> Long.compare(a << (64 - width) >> (64 - width),
                    b << (64 - width) >> (64 - width));
            default -> Long.compareUnsigned(a, b);
        };
    }
}

package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;

/**
 * An index value against the size of the axis it indexes, as the project's own policies judge it
 * (docs/directml-behaviour.md §6.4, §7.3). Values are read as {@link LittleEndian#index} gives them; UINT64 is read
 * unsigned here, so 2^64 - 1 is out of range.
 */
final class AxisIndex {

    private AxisIndex() {}

    /** §6.4: signed types may count from the end, once; unsigned ones (UINT64 read unsigned, §7.3) may not. */
    static boolean inRange(long value, long axisSize, TensorDataType type) {
        return type.isSignedInteger() ? value >= -axisSize && value < axisSize : value >= 0 && value < axisSize;
    }

    /** An in-range value as a position along the axis. */
    static long wrapped(long value, long axisSize, TensorDataType type) {
        return type.isSignedInteger() && value < 0 ? value + axisSize : value;
    }

    /** §7.3: below the axis to its first position, past it to its last; in range after the signed wrap as is. */
    static long clamped(long value, long axisSize, TensorDataType type) {
        if (inRange(value, axisSize, type)) {
            return wrapped(value, axisSize, type);
        }
        // Out of range and negative only for signed types: unsigned values with the top bit set are huge.
        return type.isSignedInteger() && value < 0 ? 0 : axisSize - 1;
    }
}
